"""The snapshot an archive (and a backup) is read in.

Vocabulary
----------
snapshot    `archive_snapshot`: a read-only transaction in which every query sees the database as
            it was at one instant, while judges keep saving. On PostgreSQL a ``REPEATABLE READ,
            READ ONLY`` transaction; on SQLite one deferred read transaction (WAL gives it its
            own snapshot and takes no write lock, so the desk is never blocked). An archive's
            tables are read in many queries: outside one snapshot a hand saved between the
            payments query and the hands query came out without payments, and the import
            refused the file. Inside a caller's transaction the caller's isolation applies.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections, transaction


@contextmanager
def archive_snapshot(using: str = DEFAULT_DB_ALIAS) -> Iterator:
    """Run the block's reads in one consistent, read-only snapshot; yields the connection."""
    connection = connections[using]
    connection.ensure_connection()
    if connection.in_atomic_block:
        yield connection
        return
    if connection.vendor == "postgresql":
        with transaction.atomic(using=using):
            with connection.cursor() as cursor:
                # Must be the transaction's first statement; the snapshot is taken at the next.
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                cursor.execute("SELECT 1")
            yield connection
        return
    if connection.vendor != "sqlite":
        raise NotImplementedError(f"No consistent snapshot for {connection.vendor}.")
    # The site's SQLite transactions BEGIN IMMEDIATE (they take the write lock at once, see
    # settings); a reader must not, so this one transaction begins DEFERRED.
    mode, connection.transaction_mode = connection.transaction_mode, None
    try:
        with transaction.atomic(using=using):
            connection.transaction_mode = mode
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA query_only = ON")
                cursor.execute("SELECT count(*) FROM sqlite_master")  # the snapshot starts here
            try:
                yield connection
            finally:
                with connection.cursor() as cursor:
                    cursor.execute("PRAGMA query_only = OFF")
    finally:
        connection.transaction_mode = mode
