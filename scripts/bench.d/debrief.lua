-- Posts one prepared debrief per request (scripts/bench): each line of the file named
-- by BENCH_DEBRIEFS is "PATH<TAB>JSON" for a game rolled and assigned, never debriefed.
-- wrk's threads take alternate lines, so no game is debriefed twice.
local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  lines = {}
  for line in io.lines(os.getenv("BENCH_DEBRIEFS")) do
    lines[#lines + 1] = line
  end
  step = tonumber(os.getenv("BENCH_THREADS"))
  index = id + 1
  headers = {
    ["Content-Type"] = "application/json",
    ["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN"),
  }
end

function request()
  local line = lines[index]
  if line == nil then
    -- Out of fresh games: the rest would be refused, so say so loudly.
    error("scripts/bench: not enough prepared games for the debrief scenario")
  end
  index = index + step
  local path, body = line:match("([^\t]+)\t(.*)")
  return wrk.format("POST", path, headers, body)
end
