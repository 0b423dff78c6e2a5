-- func-call.bind in Lua 5.4: a two-argument function called 10⁶ times.
local function add(a, b) return a + b end
local total = 0
for i = 1, 1000000 do total = add(total, i) end
print(total)
