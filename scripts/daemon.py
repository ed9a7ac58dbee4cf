#!/usr/bin/env python3
"""Starting a Bindery daemon for the scripts, benchmarks and browser tests, written once.

`Daemon(binary)` runs binderyd (or another program built with DaemonMain, e.g. the guide's
logind) on a control socket, a 127.0.0.1 port and a state directory of its own, all under one
fresh temporary directory, with its output in `daemon.log` there; `start()` returns once the
daemon answers, `stop()` sends SIGTERM and returns its exit status, `close()` also removes
the directory. A stopped daemon starts again on the same socket, port and state.

The shell scripts use the same rules through scripts/lib.sh, which calls this file:
  scripts/daemon.py free-port                     # prints a free 127.0.0.1 port
  scripts/daemon.py wait PORT SOCKET [PID]        # until the daemon at PORT/SOCKET answers
"""
import os, shutil, socket, subprocess, sys, tempfile, time, urllib.request

READY_TIMEOUT = 20.0  # seconds a daemon may take to answer after it was started
STOP_TIMEOUT = 15.0   # seconds it may take to exit after SIGTERM


class DaemonError(RuntimeError):
    """The daemon did not start or did not stop as it should."""


def end_process(process, timeout=10):
    """Ends a server this module's callers started: SIGTERM, then SIGKILL after `timeout` s."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def free_port():
    """A 127.0.0.1 TCP port nobody listens on now (the kernel's choice)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(port, control_socket):
    """Whether the daemon answers: GET /healthz is 200 and its control socket accepts a
    connection (the control socket listens before HTTP does, so both are checked anyway in
    case a daemon ever starts them the other way round)."""
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(1)
            s.connect(control_socket)
        no_proxy = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with no_proxy.open(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def wait_until_ready(port, control_socket, pid=None, timeout=READY_TIMEOUT):
    """Returns once the daemon answers (see `answers`); raises DaemonError if process `pid`
    exits first or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if answers(port, control_socket):
            return
        if pid is not None and not alive(pid):
            raise DaemonError(f"the daemon (pid {pid}) exited before it answered")
        time.sleep(0.05)
    raise DaemonError(f"the daemon did not answer on 127.0.0.1:{port} and {control_socket} within {timeout:.0f} s")


def alive(pid):
    """Whether process `pid` runs (an exited child not yet reaped is a zombie: not running)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            return not any(line.startswith("State:") and line.split()[1] == "Z" for line in f)
    except OSError:
        return False


class Daemon:
    """`binary` on a temporary control socket, port and state directory (see the module's doc).
    `args` are added to its command line; `parent` is where the temporary directory goes (the
    system's temporary directory by default; a benchmark of the disk puts it on the disk)."""

    def __init__(self, binary, args=(), parent=None, prefix="bindery-"):
        self.binary = binary
        self.args = list(args)
        self.dir = tempfile.mkdtemp(prefix=prefix, dir=parent)
        self.port = free_port()
        self.socket = os.path.join(self.dir, "control.sock")
        self.state_dir = os.path.join(self.dir, "state")
        self.store = os.path.join(self.state_dir, "bindery.sqlite")  # the demo's model store
        self.log_path = os.path.join(self.dir, "daemon.log")
        self.process = None

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self):
        return self.process.pid

    def start(self, timeout=READY_TIMEOUT):
        """Starts the daemon and returns once it answers; DaemonError (with the end of its
        log) if it exits or stays silent."""
        command = [self.binary, "--socket", self.socket, "--state-dir", self.state_dir,
                   "--http", f"127.0.0.1:{self.port}", "--log-level", "warning"] + self.args
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log)
        try:
            wait_until_ready(self.port, self.socket, self.process.pid, timeout)
        except DaemonError as problem:
            self.stop()
            with open(self.log_path, errors="replace") as log:
                tail = log.read()[-2000:].strip()
            raise DaemonError(f"{os.path.basename(self.binary)}: {problem}; its log ({self.log_path}):\n{tail}") from None
        return self

    def stop(self, timeout=STOP_TIMEOUT):
        """SIGTERM, then waits for the exit; its status (None if it was not running)."""
        if self.process is None:
            return None
        process, self.process = self.process, None
        if process.poll() is None:
            process.terminate()
        return process.wait(timeout=timeout)

    def close(self):
        """Stops the daemon and removes its directory."""
        try:
            self.stop()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self.start() if self.process is None else self

    def __exit__(self, *_):
        self.close()


def main(argv):
    if argv[1:2] == ["free-port"] and len(argv) == 2:
        print(free_port())
        return 0
    if argv[1:2] == ["wait"] and len(argv) in (4, 5):
        try:
            wait_until_ready(int(argv[2]), argv[3], int(argv[4]) if len(argv) == 5 else None)
        except DaemonError as problem:
            print(problem, file=sys.stderr)
            return 1
        return 0
    print("usage: daemon.py free-port | daemon.py wait PORT SOCKET [PID]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
