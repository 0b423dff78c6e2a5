-- append-typed.bind's loop in Lua 5.4: 10⁶ appends to a table used as an array.
local a = {}
for i = 0, 999999 do a[#a + 1] = i end
print(#a .. " " .. a[1000000])
