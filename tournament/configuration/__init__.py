"""The settings' computed parts: where a setting is a small program over the environment
(branches, checks, a choice of backend), it is a function here that `tournament.settings` calls
with the environment, so that the settings module stays a list of values. One module per part:

- `database`: the database from ``DATABASE_URL``, pooled on PostgreSQL, tuned on SQLite;
- `storage`: where the jobs' files are kept (this machine's disk, or an S3 bucket);
- `tasks`: who runs the background jobs (the database queue, Redis, or the request itself);
- `api`: the public API's throttle rate, Django REST framework's settings and the schema's.

Nothing here imports the app: these run while Django reads its settings.
"""
