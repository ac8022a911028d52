-- Marks sheets as the phones at a club night do (scripts/bench): each line of the file
-- named by BENCH_PHONES is "PATH<TAB>TOKEN", a sortie's marks path and its player's
-- token. The requests go round the sorties in turn, each a turn mark one turn on from
-- the sortie's last (a mark no sheet refuses, however long the run).
function init(args)
  phones = {}
  for line in io.lines(os.getenv("BENCH_PHONES")) do
    local path, token = line:match("([^\t]+)\t(.*)")
    phones[#phones + 1] = {
      path = path,
      turn = 0,
      headers = {
        ["Content-Type"] = "application/json",
        ["Authorization"] = "Bearer " .. token,
      },
    }
  end
  index = 0
end

function request()
  index = index % #phones + 1
  local phone = phones[index]
  phone.turn = phone.turn + 1
  return wrk.format("POST", phone.path, phone.headers, '{"kind":"turn","turn":' .. phone.turn .. '}')
end
