// The offline worker of this release (tarot_club/offline.py renders it; docs/OFFLINE.md):
// which files and pages it keeps and the release's version, then its code.
self.TAROT_OFFLINE = {{ config|safe }};
{% for script in scripts %}importScripts("{{ script|escapejs }}");
{% endfor %}
