Content-Length: 75

{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}Content-Length: 52

{"jsonrpc":"2.0","method":"initialized","params":{}}Content-Length: 1766

{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind","languageId":"bindscript","version":1,"text":"# Timers: `after D { \u2026 }` runs once, D from now; `every D { \u2026 }` each D.\n# They fire only while time passes (`wait`), in due order; timers due at the\n# same instant fire in the order they were made. Inside a timer, `now` is\n# its due time.\nnow\n#> 0ms\nafter 300ms { print(\"b at \\(now)\") }\nafter 100ms { print(\"a at \\(now)\") }\nafter 300ms { print(\"c at \\(now)\") }\nwait 299ms\n#> a at 100ms\nwait 1ms\n#> b at 300ms\n#> c at 300ms\nnow\n#> 300ms\n\n# `every` repeats without drifting; `dispose` ends it, by its `as` name or\n# through the variable holding it.\nevery 250ms as ticker { print(\"tick \\(now)\") }\nlet once = after 1s { print(\"never\") }\nwait 600ms\n#> tick 550ms\n#> tick 800ms\ndispose ticker\ndispose once\nwait 2s\nnow\n#> 2.9s\n\n# A timer's value is the timer.\nlet t = after 1s { }\nt\n#> Timer#6\ndispose t\n\n# A timer made by a timer fires in the same wait when it comes due.\nafter 100ms {\n  print(\"outer at \\(now)\")\n  after 50ms { print(\"inner at \\(now)\") }\n}\nwait 1s\n#> outer at 3s\n#> inner at 3.05s\n\n# A timer that writes a property; observers report in the output of the\n# `wait` that let it fire.\ntype Counter { var n: Int = 0 }\nlet counter = Counter()\nobserve counter.n\nevery 1s { counter.n += 1 }\nwait 3s\n#> counter.n: 0 -> 1\n#> counter.n: 1 -> 2\n#> counter.n: 2 -> 3\n\n# A timer made inside a handler lives on after the handler, as bindings\n# made there do.\nlet button = Button()\non button.tap { after 10ms { print(\"later, at \\(now)\") } }\nemit button.tap\nwait 10ms\n#> later, at 6.91s\n"}}}Content-Length: 263

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind","version":2},"contentChanges":[{"range":{"start":{"line":24,"character":14},"end":{"line":26,"character":2}},"text":"]"}]}}Content-Length: 228

{"jsonrpc":"2.0","id":11,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind"},"position":{"line":24,"character":14},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 263

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind","version":3},"contentChanges":[{"range":{"start":{"line":27,"character":1},"end":{"line":28,"character":3}},"text":"?."}]}}Content-Length: 232

{"jsonrpc":"2.0","id":12,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind"},"position":{"line":27,"character":1},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 262

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind","version":4},"contentChanges":[{"range":{"start":{"line":42,"character":7},"end":{"line":42,"character":2}},"text":")"}]}}Content-Length: 232

{"jsonrpc":"2.0","id":13,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind"},"position":{"line":42,"character":7},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 262

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind","version":5},"contentChanges":[{"range":{"start":{"line":11,"character":7},"end":{"line":13,"character":2}},"text":")"}]}}Content-Length: 232

{"jsonrpc":"2.0","id":14,"method":"textDocument/formatting","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind"},"position":{"line":11,"character":7},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 262

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind","version":6},"contentChanges":[{"range":{"start":{"line":41,"character":3},"end":{"line":43,"character":3}},"text":"["}]}}Content-Length: 232

{"jsonrpc":"2.0","id":15,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind"},"position":{"line":41,"character":3},"options":{"tabSize":2,"insertSpaces":true}}}Content-Length: 261

{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind","version":7},"contentChanges":[{"range":{"start":{"line":8,"character":27},"end":{"line":9,"character":2}},"text":")"}]}}Content-Length: 227

{"jsonrpc":"2.0","id":16,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///work/main/Scripts/conformance/time/timers.bind"},"position":{"line":8,"character":27},"options":{"tabSize":2,"insertSpaces":true}}}