"""The web's plumbing: what every audience package needs of HTTP and nothing of the tournament's
rules.

Modules
-------
pagecache    a spectator's page kept whole per tournament version and language (one build
             however many phones ask at once).
pagewarm     a fragment built before the phones ask for it (called by the live stream).
live         the live updates' stream: an open page hears its tournament's new version.
headers      the security headers Django does not set itself; officials' shorter sessions.
refusals     what the site refuses before any view runs (400), on pages in its own look.
form_errors  a service's refusal put onto a form's fields, or as one line.
writes       one way to write a writing view: call the service, show the outcome, redirect.
busy         the database busy for a moment: a message to try again, not an error page.
probes       the load balancer's health probe.
languages    the three languages: the address of a page in another one, ``lang``, moments.

The package sits below the domain packages (they may use it) and above `roles` and `models`
(the only parts of the tournament it knows): see `docs/architecture.md`.
"""
