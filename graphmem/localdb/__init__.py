"""The managed local Neo4j: the embedded default when no NEO4J_URI is configured.

Neo4j Community 5.26 and the Browser are resolved from Maven Central with Maven (the `pom.xml`
beside this file) into a per-user cache, never into the repository (they are GPLv3). The server
runs `org.neo4j.server.CommunityEntryPoint` in its own JVM, bound to 127.0.0.1, with auth on and a
generated password kept in the cache with mode 0600.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import string
import subprocess
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from graphmem.errors import ConfigError, LocalNeo4jError
from graphmem.localdb._browser import make_browser_offline
from graphmem.settings import Settings, default_home

POM = Path(__file__).with_name("pom.xml")
ENTRY = "org.neo4j.server.CommunityEntryPoint"
ADMIN = "org.neo4j.server.startup.Neo4jAdminCommand"
JVM_FLAGS = [
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--enable-native-access=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-XX:+UseG1GC",
    "-Dfile.encoding=UTF-8",
]


#: segments of one size a vector index keeps before Lucene merges them (Neo4j's default is 50)
VECTOR_MERGE_FACTOR = 4


@dataclass
class ServerInfo:
    pid: int
    bolt_port: int
    http_port: int
    version: str
    home: str
    user: str
    password: str

    @property
    def bolt_uri(self) -> str:
        return f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def browser_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}/browser/"


def _need(tool: str, hint: str) -> str:
    path = shutil.which(tool)
    if not path:
        raise ConfigError(f"`{tool}` was not found on PATH: {hint}")
    return path


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # a zombie child of ours counts as gone
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split()[2] != "Z"
    except OSError:
        return True


def new_password(length: int = 24) -> str:
    """Letters and digits only: `neo4j-admin` reads a password starting with '-' (which
    `token_urlsafe` gives one time in 64) as an option, and the first start then fails."""
    alphabet = string.ascii_letters + string.digits
    return "".join(secrets.choice(alphabet) for _ in range(length))


class LocalNeo4j:
    """Resolve, configure, start, stop and describe the managed Neo4j under `settings.home`."""

    def __init__(self, settings: Settings, jars_dir: Path | None = None) -> None:
        self.settings = settings
        self.home = Path(settings.home) / "neo4j"
        self.jars = jars_dir or Path(os.environ.get("GRAPHMEM_JARS_DIR", default_home() / "lib"))
        self.lib = self.jars / f"neo4j-{settings.neo4j_version}-browser-{settings.browser_version}"
        self.state_file = self.home / "server.json"
        self.password_file = self.home / "password"

    # --- install ---------------------------------------------------------------------
    def install(self, quiet: bool = True) -> Path:
        """Resolve the jars with Maven once; later calls are a file check (Maven works offline from ~/.m2)."""
        marker = self.lib / ".complete"
        if marker.exists():
            make_browser_offline(self.lib)  # an install from before the rewrite gets it once
            return self.lib
        _need("java", "install a Java 17 runtime (Debian: apt-get install openjdk-17-jre-headless)")
        mvn = _need("mvn", "install Apache Maven (Debian: apt-get install maven)")
        build = self.jars / "build"
        build.mkdir(parents=True, exist_ok=True)
        shutil.copy(POM, build / "pom.xml")
        tmp = self.lib.with_suffix(".partial")
        shutil.rmtree(tmp, ignore_errors=True)
        cmd = [mvn, "-B", *(["-q"] if quiet else []), "-f", str(build / "pom.xml"), "package",
               f"-Dneo4j.version={self.settings.neo4j_version}",
               f"-Dbrowser.version={self.settings.browser_version}", f"-Doutdir={tmp}"]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-40:])
            raise LocalNeo4jError(f"Maven could not resolve Neo4j {self.settings.neo4j_version}:\n{tail}")
        shutil.rmtree(self.lib, ignore_errors=True)
        tmp.rename(self.lib)
        make_browser_offline(self.lib)
        marker.touch()
        return self.lib

    # --- state ------------------------------------------------------------------------
    def info(self) -> ServerInfo | None:
        try:
            data = json.loads(self.state_file.read_text())
            return ServerInfo(**data)
        except (OSError, ValueError, TypeError):
            return None

    def running(self) -> ServerInfo | None:
        info = self.info()
        return info if info is not None and _alive(info.pid) else None

    def password(self) -> str:
        if not self.password_file.exists():
            self.home.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(new_password())
        return self.password_file.read_text().strip()

    def _env(self) -> dict[str, str]:
        return {**os.environ, "NEO4J_HOME": str(self.home), "NEO4J_CONF": str(self.home / "conf")}

    def _write_conf(self) -> None:
        s, h = self.settings, self.home
        # Data and transaction logs hold every value ever written (also erased ones, until their log
        # file is pruned): only the owner may enter the folders, whatever the umask or an older install.
        for d in (h, *(h / d for d in ("conf", "data", "logs", "plugins", "import", "run"))):
            d.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.chmod(d, 0o700)
        lines = {
            "server.default_listen_address": "127.0.0.1",
            "server.default_advertised_address": "127.0.0.1",
            "server.bolt.enabled": "true",
            "server.bolt.listen_address": f"127.0.0.1:{s.bolt_port}",
            "server.bolt.tls_level": "DISABLED",
            "server.http.enabled": "true",
            "server.http.listen_address": f"127.0.0.1:{s.http_port}",
            "server.https.enabled": "false",
            "dbms.security.auth_enabled": "true",
            "server.directories.data": str(h / "data"),
            "server.directories.logs": str(h / "logs"),
            "server.directories.plugins": str(h / "plugins"),
            "server.directories.import": str(h / "import"),
            "server.directories.run": str(h / "run"),
            "server.memory.pagecache.size": s.pagecache,
            "db.tx_log.preallocate": "false",
            # Erased values stay in transaction logs until their file is pruned: keep the logs for a
            # bounded time (README, "Erasure"), rotate small files so that pruning can happen.
            "db.tx_log.rotation.retention_policy": s.tx_log_retention,
            "db.tx_log.rotation.size": s.tx_log_rotation_size,
            "dbms.usage_report.enabled": "false",
            # Browser shows people's data: no product-usage statistics from it either (Neo4j 5.26 declares no
            # `browser.allow_outgoing_connections`: strict validation refuses it)
            "client.allow_telemetry": "false",
            # Neo4j Browser may `:play` graphmem's guide (GET /guide) from the service on this machine. Browser
            # compares the host name (or scheme://host) alone, never the port: `http://127.0.0.1:8000` matched
            # nothing (tests/integration/test_browser_screenshot.py plays it from a free port)
            # (and no guides.neo4j.com: a failed `:play` is retried under every listed host, our URL with it)
            "browser.remote_content_hostname_whitelist": "localhost,127.0.0.1",
            # A vector index search walks one HNSW graph per Lucene segment. Neo4j merges vector segments
            # only once 50 pile up (fulltext: 2), so a store fed turn by turn searched some 70 segments:
            # at 100,000 turns one query for 38 neighbours took 18 ms (p50), 11 ms once merged to 14
            # segments. Merging more often costs background CPU while ingesting.
            "internal.dbms.index.vector.standard_merge_factor": str(VECTOR_MERGE_FACTOR),
        }
        (h / "conf" / "neo4j.conf").write_text("".join(f"{k}={v}\n" for k, v in lines.items()))

    def log_tail(self, n: int = 40) -> str:
        out = []
        for name in ("neo4j.log", "console.log"):
            p = self.home / "logs" / name
            if p.exists():
                lines = p.read_text(errors="replace").splitlines()[-n:]
                if lines:
                    out.append(f"--- {p} (last {len(lines)} lines) ---\n" + "\n".join(lines))
        return "\n".join(out) or "(no log written)"

    # --- lifecycle --------------------------------------------------------------------
    def start(self) -> ServerInfo:
        """Start the server in the background and wait until Bolt answers; reuse one already running."""
        current = self.running()
        if current is not None:
            if self._answers(current, timeout=30):
                return current
            raise LocalNeo4jError(
                f"a managed Neo4j (pid {current.pid}) is running but does not answer on {current.bolt_uri};"
                f" stop it with `graphmem db stop`.\n{self.log_tail()}")
        lib = self.install()
        java = _need("java", "install a Java 17 runtime (Debian: apt-get install openjdk-17-jre-headless)")
        s = self.settings
        for port, var in ((s.bolt_port, "GRAPHMEM_BOLT_PORT"), (s.http_port, "GRAPHMEM_HTTP_PORT")):
            if not _port_free(port):
                raise LocalNeo4jError(
                    f"port {port} on 127.0.0.1 is in use; free it or choose another with {var}=<port>",
                    code="port_in_use")
        self._write_conf()
        password = self.password()
        cp = f"{self.home / 'plugins'}/*:{lib}/*"
        if not (self.home / "data" / "dbms" / "auth.ini").exists():
            proc = subprocess.run([java, "-cp", cp, ADMIN, "dbms", "set-initial-password", password],
                                  env=self._env(), capture_output=True, text=True)
            if proc.returncode != 0:
                raise LocalNeo4jError(f"could not set the initial password:\n{proc.stdout}{proc.stderr}")
        console = open(self.home / "logs" / "console.log", "ab")
        proc_ = subprocess.Popen(
            [java, f"-Xms{s.heap}", f"-Xmx{s.heap}", *JVM_FLAGS, "-cp", cp, ENTRY,
             f"--home-dir={self.home}", f"--config-dir={self.home / 'conf'}"],
            env=self._env(), stdout=console, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True, cwd=self.home,
        )
        console.close()
        info = ServerInfo(pid=proc_.pid, bolt_port=s.bolt_port, http_port=s.http_port,
                          version=s.neo4j_version, home=str(self.home), user="neo4j", password=password)
        self.state_file.write_text(json.dumps(asdict(info)))
        os.chmod(self.state_file, 0o600)
        if not self._answers(info, timeout=s.start_timeout, proc=proc_):
            self._terminate(proc_.pid)
            raise LocalNeo4jError(f"Neo4j did not start within {s.start_timeout:.0f}s.\n{self.log_tail()}")
        return info

    def _answers(self, info: ServerInfo, timeout: float, proc: subprocess.Popen[bytes] | None = None) -> bool:
        from neo4j.exceptions import AuthError, Neo4jError, ServiceUnavailable, SessionExpired

        from graphmem.infra.driver import open_driver  # the store's factory (graphmem.store re-exports it)

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if proc is not None and proc.poll() is not None:
                return False
            if proc is None and not _alive(info.pid):
                return False
            try:
                with open_driver(info.bolt_uri, (info.user, info.password), self.settings,
                                 connection_timeout=2.0) as drv:
                    drv.verify_connectivity()
                    drv.execute_query("RETURN 1")
                return True
            except AuthError as exc:
                raise LocalNeo4jError(
                    f"the managed Neo4j rejected the password in {self.password_file}; "
                    f"remove {self.home / 'data'} to start over") from exc
            except (ServiceUnavailable, SessionExpired, Neo4jError, OSError):
                time.sleep(0.5)
        return False

    def _terminate(self, pid: int, timeout: float = 60.0) -> None:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
            if not _alive(pid):
                return
            time.sleep(0.2)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def stop(self) -> bool:
        """SIGTERM, wait for a clean shutdown (SIGKILL after 60 s). False when nothing was running."""
        info = self.running()
        if info is None:
            self.state_file.unlink(missing_ok=True)
            return False
        self._terminate(info.pid)
        self.state_file.unlink(missing_ok=True)
        return True

    def backup(self, path: Path, *, force: bool = False) -> Path:
        """Dump the store to a file with Neo4j's own tool (the server stops meanwhile; see `_dump`)."""
        from graphmem.localdb._dump import backup

        return backup(self, path, force=force)

    def restore(self, path: Path, *, force: bool = False) -> None:
        """Load a dump made by `backup` in place of the store (refused over an existing one unless `force`)."""
        from graphmem.localdb._dump import restore

        restore(self, path, force=force)

    def status(self) -> dict[str, object]:
        info = self.running()
        out: dict[str, object] = {
            "running": info is not None,
            "version": self.settings.neo4j_version,
            "data": str(self.home / "data"),
            "jars": str(self.lib),
            "installed": (self.lib / ".complete").exists(),
        }
        if info is not None:
            out.update(pid=info.pid, bolt=info.bolt_uri, browser=info.browser_url,
                       user=info.user, password_file=str(self.password_file))
        return out
