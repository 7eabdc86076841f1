"""Opens files in the server and prints their diagnostics, one per line:
`<file>:<line>:<col> <source> <code> <href>`, then its notes, and with
--actions the quick fixes of each (test/clangd/*.test)."""

import argparse
import json
import os
import re
import sys
import time

import lsp

ap = argparse.ArgumentParser()
ap.add_argument('--server', required=True)
ap.add_argument('--dir', required=True, help='the working directory of the server')
ap.add_argument('--actions', action='store_true')
ap.add_argument('--arg', action='append', default=[], help='an argument for the server')
ap.add_argument('--inline', action='store_true',
                help='ask for fixes with the diagnostics (clangd codeActionsInline)')
ap.add_argument('--no-related', action='store_true',
                help='a client without relatedInformation (Emacs eglot): notes fold into messages')
ap.add_argument('--wait-log', metavar='REGEX',
                help='before shutting the server down, wait until its log has a line that matches')
ap.add_argument('--thread-policies', action='store_true',
                help='at the end, print the scheduling policy of the background indexing threads')
ap.add_argument('--until', metavar='REGEX',
                help="print a file's diagnostics once they match (later "
                     "publications replace earlier ones)")
ap.add_argument('--then', metavar='REGEX',
                help='after the saves, print the diagnostics once they match')
ap.add_argument('--then-not', metavar='REGEX',
                help='after the saves, print the diagnostics once they do not match')
ap.add_argument('--save', metavar='FILE[=NEW]', action='append', default=[],
                help="after the files, open FILE, change it to NEW's text if "
                     "given, save it (didSave) and print the diagnostics of "
                     "the files again (with --until, once they match)")
ap.add_argument('--text', metavar='FILE=NEW', action='append', default=[],
                help="open FILE with NEW's text (an unsaved buffer)")
ap.add_argument('files', nargs='+')
args = ap.parse_args()

c = lsp.Client([args.server] + args.arg, args.dir)
c.initialize(args.dir, {'textDocument': {
    'publishDiagnostics': {'relatedInformation': not args.no_related,
                           'codeActionsInline': args.inline},
    'codeAction': {'codeActionLiteralSupport': {
        'codeActionKind': {'valueSet': ['quickfix', 'refactor']}}}}})


def lines_of(path, uri, diagnostics):
    out = []
    for d in diagnostics:
        start = d['range']['start']
        out.append('%s:%d:%d %s %s %s' % (os.path.relpath(path, args.dir), start['line'] + 1,
                                          start['character'] + 1, d.get('source'), d.get('code'),
                                          d.get('codeDescription', {}).get('href')))
        out.append('  message: ' + d['message'].split('\n')[0])
        for r in d.get('relatedInformation', []):
            out.append('  related: %s:%d: %s' % (
                os.path.relpath(lsp.path_of(r['location']['uri']), args.dir),
                r['location']['range']['start']['line'] + 1, r['message']))
        for a in d.get('codeActions', []):
            out.append('  inline quickfix: preferred=%s title=%s' % (
                json.dumps(a.get('isPreferred')), a['title']))
        if args.actions:
            rid = c.request('textDocument/codeAction', {
                'textDocument': {'uri': uri}, 'range': d['range'],
                'context': {'diagnostics': [d]}})
            for a in c.reply(rid)['result']:
                if a.get('kind') == 'quickfix':
                    out.append('  quickfix: preferred=%s title=%s' % (
                        json.dumps(a.get('isPreferred')), a['title']))
    return out


def show(path, uri, until=None, until_not=None):
    while True:
        out = lines_of(path, uri, c.diagnostics(uri)['diagnostics'])
        text = '\n'.join(out)
        if until and not re.search(until, text):
            continue
        if until_not and re.search(until_not, text):
            continue
        break
    for line in out:
        print(line)
    print('done:', os.path.relpath(path, args.dir))


uris = []
texts = dict(t.split('=', 1) for t in args.text)
for name in args.files:
    path = os.path.join(args.dir, name)
    text = None
    if name in texts:
        with open(os.path.join(args.dir, texts[name])) as f:
            text = f.read()
    uri = c.open(path, text)
    uris.append((path, uri))
    show(path, uri, args.until)
version = 1
for saved in args.save:
    # FILE=NEW: the editor changes FILE to NEW's text, then saves it.
    name, _, new = saved.partition('=')
    path = os.path.join(args.dir, name)
    uri = lsp.uri_of(path)
    if all(u != uri for _, u in uris):
        c.open(path)
    if new:
        with open(os.path.join(args.dir, new)) as f:
            text = f.read()
        c.notify('textDocument/didChange', {
            'textDocument': {'uri': uri, 'version': version},
            'contentChanges': [{'text': text}]})
        version += 1
        with open(path, 'w') as f:
            f.write(text)
    c.notify('textDocument/didSave', {'textDocument': {'uri': uri}})
    print('saved:', saved)
    for path, uri in uris:
        show(path, uri, args.then, args.then_not)
if args.wait_log:
    deadline = time.monotonic() + c.timeout
    log = os.path.join(args.dir, 'server.log')
    while not any(re.search(args.wait_log, line) for line in open(log, errors='replace')):
        if time.monotonic() > deadline or c.proc.poll() is not None:
            sys.exit('diags.py: no log line matching %r (server %s)' % (
                args.wait_log, 'exited with %s' % c.proc.returncode
                if c.proc.poll() is not None else 'running'))
        time.sleep(0.2)
    print('log:', args.wait_log)
if args.thread_policies:
    # Linux: /proc/<pid>/task/<tid>/stat, field 41 is the policy (0 normal,
    # 3 batch, 5 idle); clangd names its indexing threads
    # background-worker-N (the kernel keeps the last 15 characters).
    names = {0: 'SCHED_OTHER', 3: 'SCHED_BATCH', 5: 'SCHED_IDLE'}
    task = '/proc/%d/task' % c.proc.pid
    for tid in sorted(os.listdir(task), key=int):
        comm = open('%s/%s/comm' % (task, tid)).read().strip()
        if 'ground-worker' in comm:
            fields = open('%s/%s/stat' % (task, tid)).read().rsplit(')', 1)[1].split()
            policy = int(fields[41 - 3])
            print('thread: %s %s' % (comm, names.get(policy, policy)))
print('exit:', c.shutdown())
