"""Neovim's built-in LSP client (Debian's `neovim`, installed by
`make test-deps`) against `bindscript lsp`, headless: it opens a script,
waits for the server's diagnostics, asks for a completion, and writes both
to a JSON file that the test reads back; then a whole editing session
(edits, completion, hover, formatting) on a conformance script."""
import json
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BIN = os.environ.get("BINDSCRIPT_BIN", os.path.join(ROOT, ".build", "debug", "bindscript"))

# Neovim 0.7 (Debian 12) has vim.lsp.start_client; vim.lsp.start came in 0.8.
INIT_LUA = r"""
local out_path = os.getenv("BINDSCRIPT_NVIM_OUT")
local client_id = vim.lsp.start_client({
  name = "bindscript",
  cmd = { os.getenv("BINDSCRIPT_BIN"), "lsp" },
  root_dir = vim.fn.getcwd(),
})
vim.lsp.buf_attach_client(0, client_id)
local result = {}
local got = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
result.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(result.diagnostics, { lnum = d.lnum, col = d.col, message = d.message, severity = d.severity })
end
local params = {
  textDocument = vim.lsp.util.make_text_document_params(),
  position = { line = 2, character = 9 },
}
local responses = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 30000) or {}
result.completion = {}
for _, response in pairs(responses) do
  local items = response.result and (response.result.items or response.result) or {}
  for _, item in ipairs(items) do table.insert(result.completion, item.label) end
end
local file = io.open(out_path, "w")
file:write(vim.fn.json_encode(result))
file:close()
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd("qa!")
"""


# An editing session on a conformance script: the edits Neovim sends as
# incremental changes (a line with a non-BMP character, typing character by
# character, deleting lines), completion, hover and formatting. Each publish
# is recorded with the version it is of, so a step waits for the diagnostics
# of its own text.
SESSION_LUA = r"""
local out_path = os.getenv("BINDSCRIPT_NVIM_OUT")
local result = { steps = {} }
local function note(name, value) result.steps[#result.steps + 1] = { name = name, value = value } end
vim.lsp.set_log_level("warn")
local publishes = {}
local default_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, params, ctx, config)
  publishes[#publishes + 1] = { version = params.version, count = #params.diagnostics, diagnostics = params.diagnostics }
  return default_publish(err, params, ctx, config)
end
local client_id = vim.lsp.start_client({ name = "bindscript", cmd = { os.getenv("BINDSCRIPT_BIN"), "lsp" }, root_dir = vim.fn.getcwd() })
vim.lsp.buf_attach_client(0, client_id)
local function wait_publish(version)
  local ok = vim.wait(30000, function()
    local last = publishes[#publishes]
    return last ~= nil and last.version == version
  end, 20)
  local last = publishes[#publishes]
  return ok, last
end
local function version() return vim.lsp.util.buf_versions[vim.api.nvim_get_current_buf()] end
local ok, last = wait_publish(0)
note("open", { ok = ok, count = last and last.count })
-- An error typed on a new line, after a non-BMP character: its column in UTF-16 units.
vim.api.nvim_buf_set_lines(0, 8, 8, false, { 'let emoji = "😀é"; print(nope)' })
ok, last = wait_publish(version())
note("edit", { ok = ok, count = last and last.count, diagnostics = last and last.diagnostics })
-- A member typed character by character after `let label = Label()`, as typing does.
vim.api.nvim_buf_set_lines(0, 11, 11, false, { "" })
for _, ch in ipairs({ "p", "1", "." }) do
  local line = vim.api.nvim_buf_get_lines(0, 11, 12, false)[1]
  vim.api.nvim_buf_set_text(0, 11, #line, 11, #line, { ch })
end
local params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = 11, character = 3 } }
local responses = vim.lsp.buf_request_sync(0, "textDocument/completion", params, 30000) or {}
local labels = {}
for _, response in pairs(responses) do
  if response.err then note("completion error", response.err) end
  for _, item in ipairs(response.result and (response.result.items or response.result) or {}) do labels[#labels + 1] = item.label end
end
note("completion", labels)
params = { textDocument = vim.lsp.util.make_text_document_params(), position = { line = 5, character = 7 } }
responses = vim.lsp.buf_request_sync(0, "textDocument/hover", params, 30000) or {}
for _, response in pairs(responses) do note("hover", response.err or (response.result and response.result.contents)) end
-- Take both lines out again: the server's text must be the buffer's again.
vim.api.nvim_buf_set_lines(0, 11, 12, false, {})
vim.api.nvim_buf_set_lines(0, 8, 9, false, {})
ok, last = wait_publish(version())
note("undo", { ok = ok, count = last and last.count, diagnostics = last and last.diagnostics })
-- Mess up the layout, then format.
vim.api.nvim_buf_set_lines(0, 4, 5, false, { "      var   name: String =    \"\"" })
note("unformatted", table.concat(vim.api.nvim_buf_get_lines(0, 0, 8, false), "\n"))
vim.lsp.buf.formatting_sync(nil, 30000)
note("formatted", table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n"))
ok, last = wait_publish(version())
note("after format", { ok = ok, count = last and last.count })
note("errmsg", vim.v.errmsg)
local client = vim.lsp.get_client_by_id(client_id)
note("alive", client ~= nil and not client.is_stopped())
local file = io.open(out_path, "w")
file:write(vim.fn.json_encode(result))
file:close()
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
vim.cmd("qa!")
"""


def run_neovim(tmp_path, script, lua):
    """Opens `script` in headless Neovim, runs `lua` in it and returns what
    it wrote, and the LSP client's log."""
    nvim = shutil.which("nvim")
    assert nvim, "Neovim is missing: run `make test-deps` (Debian's neovim package)"
    # Run with -c, after the script is loaded into the buffer.
    init = tmp_path / "client.lua"
    init.write_text(lua)
    out = tmp_path / "out.json"
    env = dict(os.environ, BINDSCRIPT_BIN=BIN, BINDSCRIPT_NVIM_OUT=str(out), XDG_STATE_HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path))
    subprocess.run([nvim, "--headless", "-n", "-i", "NONE", "--noplugin", "-u", "NONE", str(script),
                    "-c", "luafile " + str(init)],
                   env=env, cwd=tmp_path, timeout=120, check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    logs = list(tmp_path.rglob("lsp.log"))
    return json.loads(out.read_text()), "".join(log.read_text() for log in logs)


def test_neovim_shows_diagnostics_and_completes(tmp_path):
    script = tmp_path / "vm.bind"
    script.write_text('type VM { var title: String = "" }\nlet vm = VM()\nprint(vm.ti)\nprint(vn)\n')
    result, _ = run_neovim(tmp_path, script, INIT_LUA)
    # `vm.ti`, half typed for the completion below, is a misspelled member
    # of a known type: check reports it too.
    assert len(result["diagnostics"]) == 2
    member, name = sorted(result["diagnostics"], key=lambda d: d["lnum"])
    assert (member["lnum"], member["col"]) == (2, 9)
    assert member["message"].startswith("no property 'ti' on VM")
    assert (name["lnum"], name["col"]) == (3, 6)
    assert "cannot find 'vn' in scope; did you mean 'vm'?" in name["message"]
    assert "title" in result["completion"]


def test_neovim_editing_session_on_a_conformance_script(tmp_path):
    original = open(os.path.join(ROOT, "Scripts", "conformance", "binding", "expressions.bind")).read()
    script = tmp_path / "expressions.bind"
    script.write_text(original)
    result, log = run_neovim(tmp_path, script, SESSION_LUA)
    steps = {step["name"]: step["value"] for step in result["steps"]}
    assert steps["open"] == {"ok": True, "count": 0}
    edit = steps["edit"]
    assert edit["ok"] and edit["count"] == 1
    # `print(nope)` after "😀é": UTF-16 columns (the emoji is two units).
    assert edit["diagnostics"][0]["range"] == {"start": {"line": 8, "character": 25},
                                               "end": {"line": 8, "character": 29}}
    assert edit["diagnostics"][0]["message"] == "cannot find 'nope' in scope"
    assert steps["completion"] == ["name", "age"]
    assert steps["hover"]["value"] == "```bindscript\nvar age: Int = 0\n```"
    # With both lines taken out the server's text is the file again.
    assert steps["undo"] == {"ok": True, "count": 0, "diagnostics": []}
    assert "      var   name" in steps["unformatted"]
    assert steps["formatted"] == original.rstrip("\n")
    assert steps["after format"] == {"ok": True, "count": 0}
    assert steps["errmsg"] == "" and steps["alive"] is True
    # Neovim logs what the server writes to standard error, and errors.
    assert "ERROR" not in log and "WARN" not in log, log
