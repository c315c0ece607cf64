"""Date formats, one per language (settings.FORMAT_MODULE_PATH): Django's defaults give
an English page three ("Nov. 26, 2026", "11/26/2026" and, where code wrote it, ISO);
here the long and the short format are the same, the month in letters so that neither
reader mistakes 11/12 for 12/11."""
