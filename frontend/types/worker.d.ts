// What /sw.js sets before the worker's code runs (tarot_club/offline.py release()).

interface OfflineRelease {
  version: string;
  /** The static files' prefix: served from the release's cache. */
  static: string;
  /** Addresses kept at install. */
  precache: string[];
  /** Regular expressions of the scorekeeper's pages, the entry forms, the new-hand form. */
  pages: string[];
  queued: string[];
  fresh: string[];
  /** Login and logout: posting to one forgets the pages kept. */
  forget: string[];
}

interface WorkerGlobalScope {
  TAROT_OFFLINE: OfflineRelease;
}
