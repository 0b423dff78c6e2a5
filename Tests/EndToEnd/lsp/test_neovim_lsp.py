"""Neovim's built-in LSP client (Debian's `neovim`, installed by
`make test-deps`) against `bindscript lsp`, headless: it opens a script,
waits for the server's diagnostics, asks for a completion, and writes both
to a JSON file that the test reads back."""
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


def test_neovim_shows_diagnostics_and_completes(tmp_path):
    nvim = shutil.which("nvim")
    assert nvim, "Neovim is missing: run `make test-deps` (Debian's neovim package)"
    script = tmp_path / "vm.bind"
    script.write_text('type VM { var title: String = "" }\nlet vm = VM()\nprint(vm.ti)\nprint(vn)\n')
    # Run with -c, after the script is loaded into the buffer.
    init = tmp_path / "client.lua"
    init.write_text(INIT_LUA)
    out = tmp_path / "out.json"
    env = dict(os.environ, BINDSCRIPT_BIN=BIN, BINDSCRIPT_NVIM_OUT=str(out), XDG_STATE_HOME=str(tmp_path),
               XDG_DATA_HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    subprocess.run([nvim, "--headless", "-n", "-i", "NONE", "--noplugin", "-u", "NONE", str(script),
                    "-c", "luafile " + str(init)],
                   env=env, cwd=tmp_path, timeout=120, check=True,
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    result = json.loads(out.read_text())
    # `vm.ti`, half typed for the completion below, is a misspelled member
    # of a known type: check reports it too.
    assert len(result["diagnostics"]) == 2
    member, name = sorted(result["diagnostics"], key=lambda d: d["lnum"])
    assert (member["lnum"], member["col"]) == (2, 9)
    assert member["message"].startswith("no property 'ti' on VM")
    assert (name["lnum"], name["col"]) == (3, 6)
    assert "cannot find 'vn' in scope; did you mean 'vm'?" in name["message"]
    assert "title" in result["completion"]
