"""A small LSP client for the protocol tests and bench/bench.py's editor
section: starts a server on pipes, frames messages (Content-Length), and
waits for replies and notifications with a deadline, so that a stuck server
fails a test instead of hanging it. Each message's arrival time is kept for
the bench."""

import json
import os
import select
import subprocess
import sys
import time


class Timeout(Exception):
    pass


class Client:
    def __init__(self, command, cwd, timeout=120.0):
        # No background index: it would be written under the project's
        # .cache/ (the test's folder, or the source tree for a compile
        # database found above it) and costs time the tests do not need.
        command = [command[0], '--background-index=false'] + list(command[1:])
        self.proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=open(os.path.join(cwd, 'server.log'), 'wb'))
        self.timeout = timeout
        self.buffer = b''
        self.next_id = 1
        self.received = []  # every message from the server, in order
        self.arrived = {}  # id() of a received message: when it was read

    # ---- sending ----------------------------------------------------------
    def send_raw(self, body, header=None):
        if isinstance(body, str):
            body = body.encode()
        if header is None:
            header = b'Content-Length: %d\r\n\r\n' % len(body)
        self.proc.stdin.write(header + body)
        self.proc.stdin.flush()

    def send(self, message):
        message = dict(message, jsonrpc='2.0')
        self.send_raw(json.dumps(message))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({'id': rid, 'method': method, 'params': params})
        return rid

    def notify(self, method, params):
        self.send({'method': method, 'params': params})

    # ---- receiving --------------------------------------------------------
    def _read_some(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise Timeout()
        ready, _, _ = select.select([self.proc.stdout], [], [], left)
        if not ready:
            raise Timeout()
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if not chunk:
            raise EOFError('the server closed its output')
        self.buffer += chunk

    def _next(self, deadline):
        while b'\r\n\r\n' not in self.buffer:
            self._read_some(deadline)
        header, _, rest = self.buffer.partition(b'\r\n\r\n')
        length = None
        for line in header.split(b'\r\n'):
            name, _, value = line.partition(b':')
            if name.strip().lower() == b'content-length':
                length = int(value.strip())
        assert length is not None, 'no Content-Length in %r' % header
        self.buffer = rest
        while len(self.buffer) < length:
            self._read_some(deadline)
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        message = json.loads(body)
        self.arrived[id(message)] = time.perf_counter()
        self.received.append(message)
        return message

    def wait_for(self, predicate, what, timeout=None):
        """The first message (already received or new) that satisfies
        predicate; fails the test after the timeout, naming `what`."""
        for m in self.received:
            if predicate(m):
                self.received.remove(m)
                return m
        deadline = time.monotonic() + (timeout or self.timeout)
        try:
            while True:
                m = self._next(deadline)
                if predicate(m):
                    self.received.remove(m)
                    return m
                # Requests from the server (e.g. progress) get an empty reply.
                if 'method' in m and 'id' in m:
                    self.send({'id': m['id'], 'result': None})
        except (Timeout, EOFError) as e:
            sys.exit('lsp.py: no %s within %ss (%s); received: %s' % (
                what, timeout or self.timeout, type(e).__name__,
                json.dumps(self.received)[:4000]))

    def reply(self, rid, timeout=None):
        return self.wait_for(lambda m: m.get('id') == rid and 'method' not in m,
                             'reply to request %s' % rid, timeout)

    def diagnostics_message(self, uri, version=None, timeout=None):
        def match(m):
            if m.get('method') != 'textDocument/publishDiagnostics':
                return False
            p = m['params']
            return p['uri'] == uri and (version is None or p.get('version') == version)
        return self.wait_for(match, 'diagnostics of %s' % uri, timeout)

    def diagnostics(self, uri, version=None, timeout=None):
        return self.diagnostics_message(uri, version, timeout)['params']

    def arrival(self, message):
        """When a message from wait_for and the like was read (perf_counter)."""
        return self.arrived[id(message)]

    def peak_memory_mib(self):
        """The server's peak resident memory so far (VmHWM), in MiB."""
        try:
            with open('/proc/%d/status' % self.proc.pid, encoding='ascii') as f:
                for line in f:
                    if line.startswith('VmHWM:'):
                        return int(line.split()[1]) / 1024.0
        except OSError:
            pass
        return float('nan')

    # ---- the usual session ------------------------------------------------
    def initialize(self, root, capabilities=None):
        caps = capabilities if capabilities is not None else {
            'textDocument': {
                'publishDiagnostics': {'relatedInformation': True},
                'codeAction': {'codeActionLiteralSupport': {
                    'codeActionKind': {'valueSet': ['quickfix', 'refactor']}}},
            }}
        rid = self.request('initialize', {'processId': os.getpid(),
                                          'rootUri': uri_of(root),
                                          'capabilities': caps})
        result = self.reply(rid)
        self.notify('initialized', {})
        return result

    def open(self, path, text=None, version=0):
        if text is None:
            with open(path) as f:
                text = f.read()
        self.notify('textDocument/didOpen', {'textDocument': {
            'uri': uri_of(path), 'languageId': 'cpp', 'version': version,
            'text': text}})
        return uri_of(path)

    def shutdown(self):
        rid = self.request('shutdown', None)
        self.reply(rid)
        self.notify('exit', None)
        try:
            return self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            sys.exit('lsp.py: the server did not exit after shutdown/exit')


def uri_of(path):
    return 'file://' + os.path.abspath(path)


def dump(value):
    """One message per line, keys sorted, for FileCheck."""
    print(json.dumps(value, sort_keys=True))


def path_of(uri):
    assert uri.startswith('file://'), uri
    return uri[len('file://'):]
