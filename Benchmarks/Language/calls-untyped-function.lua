-- calls-untyped-function.bind in Lua 5.4 (Lua has no types: the same as
-- calls-function.lua, timed as its own row).
local function bump(value) return value + 1 end
local total = 0
for i = 1, 1000000 do total = bump(total) end
print(total)
