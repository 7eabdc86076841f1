-- Neovim 0.7 end-to-end run of torchsync-clangd (test/integration/editor-neovim.test).
--
--   TS_CLANGD=<torchsync-clangd> TS_FILE=<file.cpp> TS_OUT=<folder> \
--     [TS_DOCS=<docs/checks folder>] [TS_TIMEOUT=<seconds>] \
--     nvim --headless -u NONE -i NONE -n -c 'luafile neovim_fix.lua'
--
-- Opens TS_FILE with Neovim's own LSP client (vim.lsp.start_client, the 0.7
-- API) and waits for the torchsync diagnostics. Then, as a user would:
--   1. asks for the code actions of every torchsync diagnostic, applies the
--      preferred quick fixes (what an editor's auto-fix applies), waits for
--      the diagnostics of the edited, unsaved buffer, writes the file and
--      copies it to TS_OUT/fix.cpp;
--   2. asks again for the code actions of the diagnostics left, applies the
--      others (not preferred: the fixes of notes), waits for the diagnostics,
--      writes the file and copies it to TS_OUT/fix-notes.cpp.
-- What it saw goes to TS_OUT/diagnostics.txt: per diagnostic of the opened
-- file a line "<line>:<column> <code>" (the driver's positions: 1-based,
-- UTF-16 columns, the same as bytes in an ASCII file), then indented its
-- source and documentation link, its related information and its quick
-- fixes. It checks what the protocol must carry (the check name as code, a
-- source, a documentation link to the check's page, present in TS_DOCS when
-- given, at most one preferred fix per diagnostic, related information in the
-- file) and exits with 0, or prints every diagnostic that arrived and exits
-- with 1. Every wait is bounded: TS_TIMEOUT seconds (default 300) each.

local clangd = assert(os.getenv('TS_CLANGD'), 'TS_CLANGD is not set')
local file = assert(os.getenv('TS_FILE'), 'TS_FILE is not set')
local out = assert(os.getenv('TS_OUT'), 'TS_OUT is not set')
local docs = os.getenv('TS_DOCS')
local log_file = out .. '/clangd.log'
local timeout_ms = (tonumber(os.getenv('TS_TIMEOUT')) or 300) * 1000

local function say(fmt, ...)
  io.stderr:write(string.format(fmt, ...) .. '\n')
end

local published = {} -- every publishDiagnostics, raw LSP, in arrival order
local client_id
local exit_code

local function describe(d)
  return string.format('%d:%d %s [%s] %s', d.range.start.line + 1, d.range.start.character + 1,
    d.source or '-', tostring(d.code), (d.message:gsub('\n.*', '')):sub(1, 110))
end

local function finish(code)
  local client = client_id and vim.lsp.get_client_by_id(client_id)
  if client then
    client.stop()
    vim.wait(30000, function() return client.is_stopped() end, 50)
  end
  vim.cmd('cquit ' .. code)
end

local function fail(fmt, ...)
  say('neovim_fix.lua: FAIL: ' .. fmt, ...)
  say('diagnostics that arrived (%d publishDiagnostics):', #published)
  for i, p in ipairs(published) do
    say('  publish %d, version %s, %d diagnostics', i, tostring(p.version), #p.diagnostics)
    for _, d in ipairs(p.diagnostics) do
      say('    %s', describe(d))
    end
  end
  if exit_code then
    say('the server exited with %s', tostring(exit_code))
  end
  say('server log: %s', log_file)
  finish(1)
end

local function check(cond, fmt, ...)
  if not cond then
    fail(fmt, ...)
  end
end

-- Open the file.
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.bo[bufnr].filetype = 'cpp'
local uri = vim.uri_from_bufnr(bufnr)

local handlers = {
  ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    if result and result.uri == uri then
      table.insert(published, vim.deepcopy(result))
    end
    return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
  end,
}

-- The server's stderr goes to a file of its own (Neovim's LSP log would
-- mix it with everything else).
client_id = vim.lsp.start_client({
  name = 'torchsync-clangd',
  cmd = { '/bin/sh', '-c', 'exec "$0" "$@" 2>"$TS_CLANGD_LOG"', clangd, '--background-index=false' },
  cmd_env = { TS_CLANGD_LOG = log_file },
  root_dir = vim.fn.fnamemodify(file, ':p:h'),
  handlers = handlers,
  flags = { debounce_text_changes = 0 },
  on_exit = function(code, signal)
    exit_code = code .. (signal ~= 0 and (' (signal ' .. signal .. ')') or '')
  end,
})
check(client_id, 'vim.lsp.start_client failed')
check(vim.lsp.buf_attach_client(bufnr, client_id), 'vim.lsp.buf_attach_client failed')

-- The diagnostics of one document version: the first publish for it.
local function diagnostics_of(version, what)
  local found
  local ok = vim.wait(timeout_ms, function()
    if exit_code then
      return true
    end
    for _, p in ipairs(published) do
      if p.version == version then
        found = p
        return true
      end
    end
    return false
  end, 50)
  check(ok and found, 'no diagnostics %s (document version %d) within %d s', what, version,
    timeout_ms / 1000)
  local tidy = {}
  for _, d in ipairs(found.diagnostics) do
    if type(d.code) == 'string' and d.code:match('^torchsync%-') then
      table.insert(tidy, d)
    end
  end
  check(#tidy > 0, 'no torchsync diagnostics %s', what)
  return tidy
end

local function quick_fixes(d)
  local params = {
    textDocument = { uri = uri },
    range = d.range,
    context = { diagnostics = { d } },
  }
  local replies, reason = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, timeout_ms)
  check(replies, 'no reply to textDocument/codeAction for %s: %s', describe(d), tostring(reason))
  local reply = replies[client_id]
  check(reply and not reply.error, 'textDocument/codeAction for %s failed: %s', describe(d),
    vim.inspect(reply and reply.error))
  local fixes = {}
  for _, action in ipairs(reply.result or {}) do
    if action.kind == 'quickfix' then
      check(action.edit, 'quick fix %q of %s has no edit', tostring(action.title), describe(d))
      table.insert(fixes, action)
    end
  end
  return fixes
end

-- Applies the edits of several actions, the last in the file first, so that
-- each one's ranges still hold when it is applied.
local function apply(actions)
  -- Every action was made for the same version of the buffer, and a fix may
  -- edit several places (a declaration before a loop, the statement, a line
  -- after it): their edits are applied as one batch of that version, as a
  -- fix-all does, in the order of the diagnostics (edits at one place keep
  -- that order, as the driver applies them).
  local function first(action)
    local best
    for _, edits in pairs(action.edit.changes or {}) do
      for _, e in ipairs(edits) do
        local p = e.range.start
        if not best or p.line < best.line or (p.line == best.line and p.character < best.character) then
          best = p
        end
      end
    end
    return best
  end
  table.sort(actions, function(a, b)
    local pa, pb = first(a), first(b)
    return pa.line < pb.line or (pa.line == pb.line and pa.character < pb.character)
  end)
  local client = vim.lsp.get_client_by_id(client_id)
  local by_uri, uris = {}, {}
  for _, action in ipairs(actions) do
    for uri, edits in pairs(action.edit.changes or {}) do
      if not by_uri[uri] then
        by_uri[uri] = {}
        table.insert(uris, uri)
      end
      for _, e in ipairs(edits) do
        table.insert(by_uri[uri], e)
      end
    end
  end
  for _, uri in ipairs(uris) do
    vim.lsp.util.apply_text_edits(by_uri[uri], vim.uri_to_bufnr(uri), client.offset_encoding)
  end
end

local function write_copy(name)
  vim.cmd('silent write')
  local src = assert(io.open(file, 'rb'))
  local text = src:read('*a')
  src:close()
  local dst = assert(io.open(out .. '/' .. name, 'wb'))
  dst:write(text)
  dst:close()
end

local listing = assert(io.open(out .. '/diagnostics.txt', 'w'))

-- didOpen is version 0 in Neovim 0.7.
local opened = diagnostics_of(0, 'after opening the file')
local preferred, others = {}, {}
for _, d in ipairs(opened) do
  check(d.source and d.source ~= '', 'no source on %s', describe(d))
  local href = d.codeDescription and d.codeDescription.href
  check(href, 'no documentation link on %s', describe(d))
  local page = d.code:gsub('^torchsync%-', '') .. '.md'
  check(href:sub(-#('/checks/' .. page)) == '/checks/' .. page,
    'the documentation link of %s is %s, not the page checks/%s', describe(d), href, page)
  if docs then
    check(vim.loop.fs_stat(docs .. '/' .. page), 'the documentation link of %s names %s, not in %s',
      describe(d), page, docs)
  end
  listing:write(string.format('%d:%d %s\n  source=%s href=%s\n', d.range.start.line + 1,
    d.range.start.character + 1, d.code, d.source, href))
  for _, r in ipairs(d.relatedInformation or {}) do
    check(r.location and r.location.uri == uri, 'related information of %s is not in the file: %s',
      describe(d), vim.inspect(r))
    listing:write(string.format('  related %d:%d %s\n', r.location.range.start.line + 1,
      r.location.range.start.character + 1, r.message))
  end
  local n_preferred = 0
  for _, action in ipairs(quick_fixes(d)) do
    listing:write(string.format('  fix preferred=%s %s\n', tostring(action.isPreferred == true), action.title))
    if action.isPreferred then
      n_preferred = n_preferred + 1
      table.insert(preferred, action)
    else
      table.insert(others, action)
    end
  end
  check(n_preferred <= 1, '%d preferred quick fixes for %s', n_preferred, describe(d))
end
listing:close()
say('neovim_fix.lua: %d torchsync diagnostics, %d preferred quick fixes, %d others', #opened,
  #preferred, #others)
check(#preferred > 0, 'no preferred quick fix')
check(#others > 0, 'no non-preferred quick fix (note fix)')

-- 1. The preferred fixes, as auto-fix would apply them. The buffer is not
--    saved before its diagnostics come: the server reads it from memory,
--    and for an edit in function bodies reuses its preamble.
apply(preferred)
local edited = diagnostics_of(vim.lsp.util.buf_versions[bufnr], 'after applying the preferred fixes')
say('neovim_fix.lua: %d torchsync diagnostics after applying them', #edited)
check(#edited == #opened - #preferred, '%d torchsync diagnostics after applying %d preferred fixes to %d',
  #edited, #preferred, #opened)
write_copy('fix.cpp')

-- 2. The fixes of notes, asked for again on the edited buffer.
local notes = {}
for _, d in ipairs(edited) do
  for _, action in ipairs(quick_fixes(d)) do
    check(not action.isPreferred, 'a preferred fix is left after applying them: %s on %s',
      action.title, describe(d))
    table.insert(notes, action)
  end
end
check(#notes == #others, '%d non-preferred quick fixes after the edit, %d before', #notes, #others)
apply(notes)
diagnostics_of(vim.lsp.util.buf_versions[bufnr], 'after applying the fixes of notes')
write_copy('fix-notes.cpp')

say('neovim_fix.lua: PASS')
finish(0)
