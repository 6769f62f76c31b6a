"""Backups of the whole database, taken while the desk works, and restores that refuse to harm.

Vocabulary
----------
backup      a directory ``zj-YYYYmmdd-HHMMSS`` (``-2``, ``-3``... when two start in the same
            second) in the backup directory, holding the database copy, ``archives/<slug>.json``
            for every tournament (``docs/archive.md``, each written as it is read, never held
            whole) and ``manifest.json``. It is written as ``<name>.partial-<pid>`` and
            renamed when whole, so a backup under a real name is always complete.
database copy   ``database.sqlite3`` (SQLite's online backup API) or ``database.pgdump``
            (``pg_dump --format=custom``), chosen by the engine of the database here.
snapshot    the instant a backup shows. The copy and every archive are read inside one
            read-only snapshot (`tournament.exports.selectors.snapshot.archive_snapshot`): SQLite's
            backup runs in that read transaction; pg_dump joins it with ``--snapshot`` (an
            exported snapshot, ``pg_export_snapshot()``). A hand acknowledged before a backup
            starts is in it; writers are never blocked.
manifest    ``manifest.json``: format, version, creation time, engine, every file with its size
            and SHA-256, the tournaments with their hand counts, the applied migrations.
keep        after a backup is whole, only the newest N backups in the directory stay; nothing
            else in the directory is touched.
empty       a database with no tournament, no player and no user: what ``migrate`` leaves.
restore     `backup_restore`: checks first (a manifest, the database copy's size and SHA-256,
            the copy opens whole, same engine, no migration unknown to this code, and an empty
            database here unless ``replace``), then replaces the database's content in one
            transaction (SQLite's backup API into the live file, or ``pg_restore --clean
            --single-transaction``). A refusal is one `BackupError` line and changes nothing.

Modules: `shared` (the refusal, the checksum, the files' names and the two engines' tools),
`manifest` (its format, written and read), `create` (`backup_create`) and `restore`
(`backup_restore`, `database_contents`).
"""
