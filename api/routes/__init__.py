"""One module per area; each exposes `router`, listed in `api.app.ROUTERS`."""
