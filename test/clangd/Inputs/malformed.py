"""Messages that are not JSON-RPC, each answered with an error while the
server lives on (test/clangd/malformed.test)."""

import argparse
import json

import lsp

ap = argparse.ArgumentParser()
ap.add_argument('--server', required=True)
ap.add_argument('--dir', required=True)
args = ap.parse_args()

c = lsp.Client([args.server], args.dir)
c.initialize(args.dir)


def error(label):
    m = c.wait_for(lambda m: 'error' in m and m.get('id', 'x') in (None, 77),
                   'error reply to ' + label, timeout=30)
    print('%s: id=%s code=%d %s' % (label, json.dumps(m['id']), m['error']['code'],
                                    m['error']['message']))


c.send_raw('{"jsonrpc": "2.0", "method": "textDocument/hover", ')
error('truncated')
c.send_raw('[1, 2, 3]')
error('array')
c.send_raw('{"method": "workspace/symbol", "id": 77, "params": {"query": "x"}}')
error('no jsonrpc')
c.send_raw('{"jsonrpc": "2.0", "params": {}}')
error('no method no id')
c.send_raw('{"jsonrpc": "2.0", "id": 77, "method": 5}')
error('method number')
c.send_raw('{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}')
error('id object')
c.send_raw('{}', header=b'Content-Type: application/vscode-jsonrpc\r\n\r\n')
error('no length')
# 100,000 levels overflow a parser that recurses per level (the layer's
# and clangd's); 1,000 are parsed.
c.send_raw('{"jsonrpc": "2.0", "id": 77, "method": "workspace/symbol", "params": '
           + '[' * 100000 + ']' * 100000 + '}')
error('deep')
# clangd answers this one: it has no such method.
c.send_raw('{"jsonrpc": "2.0", "id": 77, "method": "torchsync/deep", "params": '
           '{"query": "%s"}, "x": %s}' % ('[' * 2000, '[' * 998 + ']' * 998))
error('deep but parsed')
# clangd's own answers still come: an unknown method, then a real request.
rid = c.request('torchsync/unknown', {})
m = c.reply(rid)
print('unknown method: code=%d' % m['error']['code'])
rid = c.request('workspace/symbol', {'query': 'train'})
print('alive:', 'result' in c.reply(rid))
print('exit:', c.shutdown())
