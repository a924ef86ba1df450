"""One module per area; each exposes `router`, discovered by `api.app.create_app`."""
