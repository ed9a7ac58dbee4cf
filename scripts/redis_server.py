"""A real redis-server for the tests and benchmarks of docs/nginx-nchan-redis.conf: on
127.0.0.1 and a free port, its files under one temporary directory, nothing saved to disk
(so a restart loses every channel and message nchan kept there — the hardest case for the
dashboards to recover from). `start()` returns once it answers PING (the constructor starts
it); `stop()` ends it (SIGTERM, then SIGKILL after 10 s); `restart()` does both."""
import os, shutil, socket, subprocess, time

from daemon import end_process, free_port


class RedisServer:
    def __init__(self, workdir, port=None):
        if shutil.which("redis-server") is None:
            raise RuntimeError("redis-server is not installed (make deps installs redis-server)")
        self.dir = workdir
        self.port = port or free_port()
        self.log = os.path.join(workdir, "redis.log")
        self.process = None
        self.start()

    def start(self):
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir", self.dir,
                 "--save", "", "--appendonly", "no", "--daemonize", "no", "--protected-mode", "yes"],
                stdout=log, stderr=log)
        deadline = time.monotonic() + 10
        while not self.answers():
            if self.process.poll() is not None:
                raise RuntimeError("redis-server did not start: " + open(self.log, errors="replace").read()[-1000:])
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not answer PING within 10 s")
            time.sleep(0.05)

    def answers(self):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self):
        end_process(self.process)

    def restart(self):
        self.stop()
        self.start()
