"""The protocol session of test/clangd/protocol.test: initialize, didOpen,
diagnostics, didChange, codeAction, applying the actions the way an editor
does, shutdown and exit. Prints what the test checks, one fact per line."""

import argparse
import json
import os
import sys

import lsp

ap = argparse.ArgumentParser()
ap.add_argument('--server', required=True)
ap.add_argument('--dir', required=True, help='the project: train.cpp and its flags')
args = ap.parse_args()

source = os.path.join(args.dir, 'train.cpp')
with open(source) as f:
    text = f.read()

c = lsp.Client([args.server], args.dir)
init = c.initialize(args.dir)
caps = init['result']['capabilities']
print('init: codeActionProvider', json.dumps(caps.get('codeActionProvider'), sort_keys=True))
print('init: server', init['result'].get('serverInfo', {}).get('name'))

uri = c.open(source, text, version=0)
published = c.diagnostics(uri, version=0)
diags = [d for d in published['diagnostics'] if d.get('code', '').startswith('torchsync-')]
for d in diags:
    print('diag: %d:%d %s %s' % (d['range']['start']['line'] + 1,
                                 d['range']['start']['character'] + 1,
                                 d['source'], d['code']))
    print('  href:', d.get('codeDescription', {}).get('href'))
    print('  message:', d['message'])
    for r in d.get('relatedInformation', []):
        print('  related: %d: %s' % (r['location']['range']['start']['line'] + 1, r['message']))

# An edit in the function body: one more read of the loss.
lines = text.split('\n')
at = next(i for i, l in enumerate(lines) if 'float value' in l)
edited = '\n'.join(lines[:at + 1] + ['    float again = loss.item<float>();', '    (void)again;'] + lines[at + 1:])
c.notify('textDocument/didChange', {'textDocument': {'uri': uri, 'version': 1},
                                    'contentChanges': [{'text': edited}]})
after = c.diagnostics(uri, version=1)
for d in after['diagnostics']:
    if d.get('code', '').startswith('torchsync-'):
        print('edited: %d:%d %s' % (d['range']['start']['line'] + 1,
                                    d['range']['start']['character'] + 1, d['code']))

# Back to the saved text, then the quick fixes of each warning.
c.notify('textDocument/didChange', {'textDocument': {'uri': uri, 'version': 2},
                                    'contentChanges': [{'text': text}]})
diags = [d for d in c.diagnostics(uri, version=2)['diagnostics']
         if d.get('code', '').startswith('torchsync-')]


def apply(text, edits):
    """Applies LSP TextEdits (UTF-16 columns; the test input is ASCII)."""
    lines = text.split('\n')
    offsets = [0]
    for l in lines:
        offsets.append(offsets[-1] + len(l) + 1)
    def off(p):
        return offsets[p['line']] + p['character']
    for e in sorted(edits, key=lambda e: off(e['range']['start']), reverse=True):
        text = text[:off(e['range']['start'])] + e['newText'] + text[off(e['range']['end']):]
    return text


preferred_edits, note_edits = [], []
for d in diags:
    rid = c.request('textDocument/codeAction', {
        'textDocument': {'uri': uri}, 'range': d['range'],
        'context': {'diagnostics': [d]}})
    actions = c.reply(rid)['result']
    print('actions: %d:%d %s: %d' % (d['range']['start']['line'] + 1,
                                     d['range']['start']['character'] + 1,
                                     d['code'], len(actions)))
    for a in actions:
        print('  action: kind=%s preferred=%s title=%s' % (
            a.get('kind'), json.dumps(a.get('isPreferred')), a['title']))
        edits = a['edit']['changes'][uri]
        (preferred_edits if a.get('isPreferred') else note_edits).extend(edits)

with open(os.path.join(args.dir, 'editor-fix.cpp'), 'w') as f:
    f.write(apply(text, preferred_edits))
with open(os.path.join(args.dir, 'editor-fix-notes.cpp'), 'w') as f:
    f.write(apply(text, preferred_edits + note_edits))

print('exit:', c.shutdown())
