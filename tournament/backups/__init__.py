"""Backups: the whole database and every tournament's archive, taken at one instant while the
desk keeps working, and restored only on purpose. See `services` for the vocabulary;
``python manage.py backup`` and ``restore`` are the doors.
"""
