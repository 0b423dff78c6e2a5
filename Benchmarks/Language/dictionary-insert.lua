-- dictionary-insert.bind's loop in Lua 5.4: 10⁵ inserts into a table
-- (counted as they go in, as Lua tables do not count their keys).
local d, count = {}, 0
for i = 0, 99999 do
  if d[i] == nil then count = count + 1 end
  d[i] = i * 2
end
print(count .. " " .. d[99999])
