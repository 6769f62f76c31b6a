"""The console's pages, one module per page family; `common` holds their loader."""
