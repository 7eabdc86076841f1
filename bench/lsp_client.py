"""A small Language Server Protocol client over a server's stdin/stdout
(Content-Length framing, JSON-RPC 2.0), enough to time a language server:
initialize, didOpen/didChange, wait for publishDiagnostics, shutdown/exit.

bench/bench.py's editor section uses it to drive torchsync-clangd.
"""

import json
import os
import queue
import subprocess
import threading
import time


class ServerError(Exception):
    """The server exited, answered a request with an error, or did not
    answer in time."""


class LspClient:
    def __init__(self, cmd, cwd=None, stderr=None, env=None):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr if stderr is not None else subprocess.DEVNULL,
                                     cwd=cwd, env=env)
        self.messages = queue.Queue()
        self.next_id = 1
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    # Framing.
    def _read(self):
        stream = self.proc.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            body = stream.read(length)
            # The time a message arrived, taken here and not when the
            # caller gets to it.
            self.messages.put((time.perf_counter(), json.loads(body.decode("utf-8"))))

    def send(self, message):
        message = dict(message, jsonrpc="2.0")
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def request(self, method, params, timeout=600.0):
        ident = self.next_id
        self.next_id += 1
        self.send({"id": ident, "method": method, "params": params})
        _, reply = self.wait_for(lambda m: m.get("id") == ident and "method" not in m, timeout,
                                 "the reply to " + method)
        if "error" in reply:
            raise ServerError("%s: %s" % (method, reply["error"]))
        return reply.get("result")

    def wait_for(self, predicate, timeout, what):
        """The first message from now on for which predicate holds, as
        (arrival time, message); requests from the server get a null
        result, so that it does not wait on us."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise ServerError("no %s within %.0f s" % (what, timeout))
            try:
                item = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if item is None:
                raise ServerError("the server exited (code %s) while waiting for %s"
                                  % (self.proc.wait(), what))
            arrived, message = item
            if "method" in message and "id" in message:
                self.send({"id": message["id"], "result": None})
            if predicate(message):
                return arrived, message

    def wait_diagnostics(self, uri, version, timeout):
        """The arrival time and parameters of the first publishDiagnostics
        for uri at this document version."""
        arrived, message = self.wait_for(
            lambda m: (m.get("method") == "textDocument/publishDiagnostics"
                       and m["params"].get("uri") == uri
                       and m["params"].get("version") == version),
            timeout, "diagnostics for version %d of %s" % (version, uri))
        return arrived, message["params"]

    def initialize(self, root):
        result = self.request("initialize", {
            "processId": os.getpid(),
            "rootUri": "file://" + root,
            "capabilities": {"textDocument": {"publishDiagnostics": {"relatedInformation": True}}},
        })
        self.notify("initialized", {})
        return result

    def peak_memory_mib(self):
        """The server's peak resident memory so far (VmHWM), in MiB."""
        try:
            with open("/proc/%d/status" % self.proc.pid, encoding="ascii") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024.0
        except OSError:
            pass
        return float("nan")

    def close(self, timeout=30.0):
        """shutdown + exit; the server's exit code (killed after timeout)."""
        try:
            if self.proc.poll() is None:
                self.request("shutdown", None, timeout)
                self.notify("exit", None)
        except (ServerError, OSError):
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
