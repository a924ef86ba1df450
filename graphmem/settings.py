"""Settings from environment variables (`GRAPHMEM_*`, plus the standard `NEO4J_*`), an optional
`.env` and an optional TOML file named by `GRAPHMEM_CONFIG`. Validated once at start-up so that a
bad value stops the process with a message naming it, rather than failing on the first request."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from graphmem.errors import ConfigError


def default_home() -> Path:
    """Per-user cache for the managed Neo4j (jars, data, password); never inside the repository."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "graphmem"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="GRAPHMEM_", env_file=".env", extra="ignore", populate_by_name=True
    )

    # --- Neo4j: no URI means the managed local server (graphmem db start) ---
    neo4j_uri: str | None = Field(None, validation_alias=AliasChoices("NEO4J_URI", "GRAPHMEM_NEO4J_URI"))
    neo4j_user: str = Field("neo4j", validation_alias=AliasChoices("NEO4J_USER", "NEO4J_USERNAME", "GRAPHMEM_NEO4J_USER"))
    neo4j_password: SecretStr | None = Field(
        None, validation_alias=AliasChoices("NEO4J_PASSWORD", "GRAPHMEM_NEO4J_PASSWORD")
    )
    neo4j_database: str = Field("neo4j", validation_alias=AliasChoices("NEO4J_DATABASE", "GRAPHMEM_NEO4J_DATABASE"))
    neo4j_max_retry_time: float = 15.0  # how long a transient error (deadlock) on a live server is retried
    # Fail fast while Neo4j is unreachable: a 503 with Retry-After within ~2 s, never a 15-60 s hang.
    neo4j_connection_timeout: float = Field(1.0, gt=0)  # open a TCP connection to Neo4j
    neo4j_acquisition_timeout: float = Field(2.0, gt=0)  # get a pooled connection (includes opening one)
    neo4j_unreachable_retry_time: float = Field(0.5, ge=0)  # retry a lost connection before answering 503
    neo4j_probe_interval: float = Field(1.0, gt=0)  # once the store's circuit is open: one probe per interval
    idempotency_lease_seconds: float = Field(10.0, gt=0)  # a claim nobody renews is free again after this

    # --- managed local Neo4j ---
    home: Path = Field(default_factory=default_home)
    neo4j_version: str = "5.26.30"
    browser_version: str = "5.24.0"
    bolt_port: int = Field(7687, ge=1, le=65535)
    http_port: int = Field(7474, ge=1, le=65535)
    heap: str = "1g"
    pagecache: str = "512m"
    start_timeout: float = Field(180.0, gt=0)
    # Neo4j keeps erased values in its transaction logs until their file is pruned (README, "Erasure"):
    # db.tx_log.rotation.retention_policy and .rotation.size of the managed server.
    tx_log_retention: str = Field("24 hours", pattern=r"^\d+(?: (?:files|hours|days|txs|entries)|[KMG]? size)$")
    tx_log_rotation_size: str = Field("1M", pattern=r"^\d+[KMG]?$")

    # --- HTTP service ---
    host: str = "127.0.0.1"
    port: int = Field(8000, ge=1, le=65535)
    api_keys: str | None = None  # "key:role:ns1,ns2;key2:admin:*"
    keys_file: Path | None = None  # None: $GRAPHMEM_HOME/keys.json (see keys_path)
    open: bool = False  # every caller is admin: only when asked (GRAPHMEM_OPEN=true, serve --open), loopback only
    log_level: str = "INFO"

    # --- memory behaviour ---
    window_size: int = Field(8, ge=1, le=1000)
    # write queued summary text in this process (graphmem.channels.conversation.folds); off: only queue it,
    # for another process's worker (a service run as several processes may leave one worker on)
    fold_worker: bool = True
    # inline: a turn write embeds its turns before it answers; background: it answers first and the embedding
    # worker (graphmem.channels.conversation.embeddings, where fold_worker is on) embeds them about 0.1 s
    # later: a live POST is faster, and until then dense search does not find the turn (keyword search does)
    embed_writes: Literal["inline", "background"] = "inline"
    retention_days: float = Field(30.0, ge=0)
    # HMAC key of erasure tombstones; None: generated once into <home>/erasure.secret (mode 0600)
    erasure_secret: SecretStr | None = None
    namespace_capacity: int | None = Field(None, ge=1)
    identifier_patterns: str | None = None  # JSON list of extra kinds; read at import by graphmem.identifiers
    # Region of phones written without "+country" (ISO 3166: US, GB, CN; ZZ: none), E.164 on write, lookup,
    # mentions and recall alike; read from the environment by graphmem.identifiers (README "Identifiers")
    phone_region: str = "US"
    # How 03/04/2025 and 03-04-2025 are read in questions: mdy, dmy, or auto (a date of the same question that
    # only one order makes, else the locale's country; without one, slashes month first and dashes day first);
    # validated here, read from the process environment by graphmem.recall.timephrases.numeric, as the
    # identifier patterns are (not from .env or the TOML file)
    date_order: Literal["auto", "mdy", "dmy"] = "auto"
    # the embedding model (graphmem.embedding.models): all-MiniLM-L6-v2 (bundled, the default), its int8
    # form all-MiniLM-L6-v2+int8, a sentence-transformers name in the local cache, or a folder
    embed_model: str | None = None
    model_path: Path | None = None  # the older way to name a model folder; GRAPHMEM_EMBED_MODEL wins
    llm_base_url: str | None = None  # OpenAI-compatible endpoint for summaries/induction
    llm_model: str = "gpt-4o-mini"
    llm_api_key: SecretStr | None = None

    # --- limits ---
    max_body_bytes: int = Field(1_000_000, ge=1024)
    #: an export uploaded to POST /v1/{ns}/import (admin): spooled to a temporary file, never held whole
    max_import_bytes: int = Field(20_000_000_000, ge=1024)
    max_batch: int = Field(1000, ge=1)
    max_k: int = Field(100, ge=1)
    max_depth: int = Field(5, ge=1)
    max_text_chars: int = Field(20_000, ge=1)

    @field_validator("neo4j_uri")
    @classmethod
    def _uri_scheme(cls, v: str | None) -> str | None:
        if v in (None, ""):
            return None
        schemes = ("bolt://", "bolt+s://", "bolt+ssc://", "neo4j://", "neo4j+s://", "neo4j+ssc://")
        if not v.startswith(schemes):
            raise ValueError(f"must start with one of {', '.join(schemes)}")
        return v

    @field_validator("phone_region")
    @classmethod
    def _phone_region(cls, v: str) -> str:
        from graphmem.identifiers.normalisers import check_region  # phonenumbers: only when one is given

        try:
            return check_region(v)
        except ConfigError as exc:
            raise ValueError(str(exc)) from exc

    @field_validator("date_order", mode="before")
    @classmethod
    def _order(cls, v: object) -> object:
        return v.strip().lower() if isinstance(v, str) else v

    @field_validator("log_level")
    @classmethod
    def _level(cls, v: str) -> str:
        if v.upper() not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
            raise ValueError("must be DEBUG, INFO, WARNING or ERROR")
        return v.upper()

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings, dotenv_settings]
        config = os.environ.get("GRAPHMEM_CONFIG")
        if config:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=Path(config)))
        return tuple(sources)

    @property
    def keys_path(self) -> Path:
        """The one keys file `graphmem serve` imports and `graphmem keys` keeps in step with Neo4j."""
        return self.keys_file or self.home / "keys.json"

    @property
    def managed(self) -> bool:
        """True when graphmem runs its own local Neo4j rather than one given by NEO4J_URI."""
        return self.neo4j_uri is None


def load_settings(**overrides: Any) -> Settings:
    """Build settings, turning pydantic's error into one ConfigError naming every bad variable."""
    config = os.environ.get("GRAPHMEM_CONFIG")
    if config and not Path(config).is_file():
        raise ConfigError(f"GRAPHMEM_CONFIG={config}: no such file")
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            name = ".".join(str(p) for p in err["loc"]) or "settings"
            lines.append(f"  {name.upper() if '_' in name else name}: {err['msg']} (got {err.get('input')!r})")
        raise ConfigError("invalid configuration:\n" + "\n".join(lines)) from exc


@lru_cache
def get_settings() -> Settings:
    return load_settings()
