-- Marks sheets as the phones at a club night do (scripts/bench): each line of the file
-- named by BENCH_PHONES is "PATH<TAB>TOKEN", a sortie's marks path and its player's
-- token. wrk runs one thread with one connection per line, so each phone marks only
-- its own sheet and waits for each answer before its next mark, as a person does: a
-- turn mark one turn on from the last, which no sheet refuses however long the run
-- (a turn never goes back, R23, so two marks of one sheet must not overtake each other).
local next_id = 0

function setup(thread)
  next_id = next_id + 1
  thread:set("id", next_id)
end

function init(args)
  local n = 0
  for line in io.lines(os.getenv("BENCH_PHONES")) do
    n = n + 1
    if n == id then
      local token
      path, token = line:match("([^\t]+)\t(.*)")
      headers = {
        ["Content-Type"] = "application/json",
        ["Authorization"] = "Bearer " .. token,
      }
    end
  end
  if path == nil then
    error("scripts/bench: more wrk threads than phones in " .. os.getenv("BENCH_PHONES"))
  end
  turn = 0
end

function request()
  turn = turn + 1
  return wrk.format("POST", path, headers, '{"kind":"turn","turn":' .. turn .. '}')
end
