"""Rows written in bulk, each given its id: the archive import's one way into the tables.

Vocabulary
----------
rows        unsaved model instances, validated already, of one model; those of a model written
            earlier are referred to by id (a hand's payments name the hand just written).
insert      `rows_insert`: on PostgreSQL one COPY per call (`_copy`), the ids drawn first from
            the table's sequence, in order, so that rows of one instant keep their order by id
            (the archive's order of audit lines, penalties and second entries); elsewhere
            Django's ``bulk_create``, `BATCH` rows to an INSERT (SQLite, from 3.35, returns the
            ids; it takes fewer rows to a statement: at most 999 values). Either way the values
            are the ones the ORM's INSERT would send (each field's ``pre_save`` and
            ``get_db_prep_save``), no signal is sent and no ``save`` runs, and the caller's
            transaction holds it all.
why COPY    PostgreSQL's bulk INSERT goes as one literal array per column, built in Python and
            parsed by the server: for a world championship's 120,000 rows that took longer
            than storing them, and the import ran half as long again as on SQLite.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import connection

#: Rows per INSERT where there is no COPY.
BATCH = 1000


def rows_insert(model, rows) -> list:
    """Write ``rows`` of ``model`` (see the vocabulary); returns them, each with its id."""
    rows = list(rows)
    if rows and connection.vendor == "postgresql" and _copy(model, rows):
        return rows
    made = model.objects.bulk_create(rows, batch_size=BATCH)
    if made and made[-1].pk is None:
        raise ValidationError(f"This database cannot return the ids of new {model.__name__} rows.")
    return made


def _copy(model, rows: list) -> bool:
    """COPY ``rows`` into ``model``'s table (see the vocabulary); False, with nothing written,
    where the driver (psycopg 2) or the table (no sequence) cannot."""
    meta = model._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        if not hasattr(cursor.cursor, "copy"):
            return False
        cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [meta.db_table, meta.pk.column])
        (sequence,) = cursor.fetchone()
        if sequence is None:
            return False
        cursor.execute(
            "SELECT nextval(%s) FROM generate_series(1, %s) ORDER BY 1", [sequence, len(rows)]
        )
        ids = [pk for (pk,) in cursor.fetchall()]
        columns = ", ".join(quote(field.column) for field in [meta.pk, *fields])
        statement = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
        # The driver's own cursor: its errors are made Django's, as an INSERT's would be.
        with connection.wrap_database_errors, cursor.cursor.copy(statement) as copy:
            for pk, row in zip(ids, rows, strict=True):
                row._prepare_related_fields_for_save(operation_name="bulk_create")
                values = [field.get_db_prep_save(field.pre_save(row, True), connection)
                          for field in fields]  # fmt: skip
                copy.write_row([pk, *values])
                row.pk = pk
                row._state.adding, row._state.db = False, connection.alias
    return True
