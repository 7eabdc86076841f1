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
ap.add_argument('files', nargs='+')
args = ap.parse_args()

c = lsp.Client([args.server] + args.arg, args.dir)
c.initialize(args.dir, {'textDocument': {
    'publishDiagnostics': {'relatedInformation': not args.no_related,
                           'codeActionsInline': args.inline},
    'codeAction': {'codeActionLiteralSupport': {
        'codeActionKind': {'valueSet': ['quickfix', 'refactor']}}}}})
for path in args.files:
    path = os.path.join(args.dir, path)
    uri = c.open(path)
    for d in c.diagnostics(uri)['diagnostics']:
        start = d['range']['start']
        print('%s:%d:%d %s %s %s' % (os.path.relpath(path, args.dir), start['line'] + 1,
                                     start['character'] + 1, d.get('source'), d.get('code'),
                                     d.get('codeDescription', {}).get('href')))
        print('  message:', d['message'].split('\n')[0])
        for r in d.get('relatedInformation', []):
            print('  related: %s:%d: %s' % (
                os.path.relpath(lsp.path_of(r['location']['uri']), args.dir),
                r['location']['range']['start']['line'] + 1, r['message']))
        for a in d.get('codeActions', []):
            print('  inline quickfix: preferred=%s title=%s' % (
                json.dumps(a.get('isPreferred')), a['title']))
        if args.actions:
            rid = c.request('textDocument/codeAction', {
                'textDocument': {'uri': uri}, 'range': d['range'],
                'context': {'diagnostics': [d]}})
            for a in c.reply(rid)['result']:
                if a.get('kind') == 'quickfix':
                    print('  quickfix: preferred=%s title=%s' % (
                        json.dumps(a.get('isPreferred')), a['title']))
    print('done:', os.path.relpath(path, args.dir))
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
