-- Neovim 0.7 run of torchsync-clangd's live whole-program facts
-- (test/integration/editor-neovim-live.test).
--
--   TS_CLANGD=<torchsync-clangd> TS_PROJECT=<folder> TS_OUT=<folder> \
--     [TS_TIMEOUT=<seconds>] nvim --headless -u NONE -i NONE -n -c 'luafile neovim_live.lua'
--
-- TS_PROJECT is test/Inputs/driver/whole/app with its build/ folder and no
-- summary file. As a user would, with Neovim's own LSP client:
--   1. opens trainer.cpp and waits until its diagnostics rest on main.cpp's
--      loop (the background whole-program pass is done);
--   2. opens main.cpp, appends a comment, writes it, and waits until
--      trainer.cpp is decided again: its warning stays;
--   3. replaces main.cpp's loop with an `if`, writes it, and waits until
--      trainer.cpp's warning is gone.
-- What it saw goes to TS_OUT/live.txt: per step, the torchsync diagnostics
-- of trainer.cpp ("<line>:<column> <code>", then their related information).
-- Exits with 0, or prints every publication that arrived and exits with 1.
-- Every wait is bounded: TS_TIMEOUT seconds (default 120) each.

local clangd = assert(os.getenv('TS_CLANGD'), 'TS_CLANGD is not set')
local project = assert(os.getenv('TS_PROJECT'), 'TS_PROJECT is not set')
local out = assert(os.getenv('TS_OUT'), 'TS_OUT is not set')
local log_file = out .. '/clangd.log'
local timeout_ms = (tonumber(os.getenv('TS_TIMEOUT')) or 120) * 1000

local published = {} -- publishDiagnostics of trainer.cpp, in arrival order
local client_id
local exit_code
local listing = assert(io.open(out .. '/live.txt', 'w'))

local function say(fmt, ...)
  io.stderr:write(string.format(fmt, ...) .. '\n')
end

local function finish(code)
  listing:close()
  local client = client_id and vim.lsp.get_client_by_id(client_id)
  if client then
    client.stop()
    vim.wait(30000, function() return client.is_stopped() end, 50)
  end
  vim.cmd('cquit ' .. code)
end

local function fail(fmt, ...)
  say('neovim_live.lua: FAIL: ' .. fmt, ...)
  say('publications of trainer.cpp that arrived: %d', #published)
  for i, p in ipairs(published) do
    say('  publish %d, version %s, %d diagnostics', i, tostring(p.version), #p.diagnostics)
    for _, d in ipairs(p.diagnostics) do
      say('    %d:%d [%s] %s', d.range.start.line + 1, d.range.start.character + 1,
        tostring(d.code), (d.message:gsub('\n.*', '')))
    end
  end
  if exit_code then
    say('the server exited with %s', tostring(exit_code))
  end
  say('server log: %s', log_file)
  finish(1)
end

local function lines_of(p)
  local lines = {}
  for _, d in ipairs(p.diagnostics) do
    if type(d.code) == 'string' and d.code:match('^torchsync%-') then
      table.insert(lines, string.format('%d:%d %s', d.range.start.line + 1,
        d.range.start.character + 1, d.code))
      for _, r in ipairs(d.relatedInformation or {}) do
        table.insert(lines, string.format('  related %s:%d %s',
          vim.fn.fnamemodify(vim.uri_to_fname(r.location.uri), ':t'),
          r.location.range.start.line + 1, r.message))
      end
    end
  end
  return table.concat(lines, '\n')
end

-- Waits for a publication of trainer.cpp after the first `after` ones whose
-- text satisfies `want`; writes it to the listing under `title`.
local function wait_for(after, want, title)
  local found
  local ok = vim.wait(timeout_ms, function()
    if exit_code then
      return true
    end
    for i = after + 1, #published do
      if want(lines_of(published[i])) then
        found = published[i]
        return true
      end
    end
    return false
  end, 50)
  if not ok or not found then
    fail('no diagnostics of trainer.cpp %s within %d s', title, timeout_ms / 1000)
  end
  listing:write('== ' .. title .. '\n' .. lines_of(found) .. '\n')
  listing:flush()
end

local handlers = {
  ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    if result and vim.fn.fnamemodify(vim.uri_to_fname(result.uri), ':t') == 'trainer.cpp' then
      table.insert(published, vim.deepcopy(result))
    end
    return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
  end,
}

vim.cmd('edit ' .. vim.fn.fnameescape(project .. '/trainer.cpp'))
local trainer = vim.api.nvim_get_current_buf()
vim.bo[trainer].filetype = 'cpp'
client_id = vim.lsp.start_client({
  name = 'torchsync-clangd',
  cmd = { '/bin/sh', '-c', 'exec "$0" "$@" 2>"$TS_CLANGD_LOG"', clangd, '--background-index=false' },
  cmd_env = { TS_CLANGD_LOG = log_file },
  root_dir = project,
  handlers = handlers,
  flags = { debounce_text_changes = 0 },
  on_exit = function(code, signal)
    exit_code = code .. (signal ~= 0 and (' (signal ' .. signal .. ')') or '')
  end,
})
if not client_id or not vim.lsp.buf_attach_client(trainer, client_id) then
  fail('cannot start or attach torchsync-clangd')
end

local function hot(text)
  return text:find("'step' is called in a loop here", 1, true) ~= nil
end

-- 1. No summary file yet: the background pass brings main.cpp's facts.
wait_for(0, hot, 'after opening trainer.cpp')

-- 2. An edit to the file with the loop keeps them.
vim.cmd('edit ' .. vim.fn.fnameescape(project .. '/main.cpp'))
local main = vim.api.nvim_get_current_buf()
vim.bo[main].filetype = 'cpp'
vim.lsp.buf_attach_client(main, client_id)
local seen = #published
vim.api.nvim_buf_set_lines(main, -1, -1, false, { '// a comment' })
vim.cmd('silent write')
wait_for(seen, hot, 'after writing main.cpp with a comment')

-- 3. Without the loop, step() is not hot: the warning goes.
local lines = vim.api.nvim_buf_get_lines(main, 0, -1, false)
local loop
for i, line in ipairs(lines) do
  if line:find('for (int i = 0; i < 10; ++i)', 1, true) then
    loop = i
  end
end
if not loop then
  fail('no loop in main.cpp')
end
vim.api.nvim_buf_set_lines(main, loop - 1, loop, false,
  { (lines[loop]:gsub('for %(int i = 0; i < 10; %+%+i%)', 'if (gpu.dim() > 0)')) })
seen = #published
vim.cmd('silent write')
wait_for(seen, function(text) return not text:find('torchsync-host-read', 1, true) end,
  'after writing main.cpp without its loop')
finish(0)
