-- make serve-load: the wrk script behind bench/serve-load.sh.
--
--   wrk -s bench/serve-load.lua URL -- PATHS_FILE [CANARY]
--
-- Every connection sends `GET <path>` for the paths of PATHS_FILE (one per line) in turn. The request is written
-- byte for byte here rather than with wrk.format, so a path such as `/..\secret.txt` or `http://host/../x`
-- reaches the server exactly as written. Each thread counts the status codes it gets and the answers whose body
-- holds CANARY (text that only exists outside the served folder) or a line of /etc/passwd; `done` adds the
-- threads up and prints one `key value` line per figure for the shell script to read.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  paths = {}
  for line in io.lines(args[1]) do
    if line ~= "" then table.insert(paths, line) end
  end
  assert(#paths > 0, "no paths in " .. args[1])
  canary = args[2]
  statuses = {}
  leaks = 0
  -- Threads start at different places in the list, so every path is asked for from the start of the run.
  local id = tonumber(wrk.thread:get("id")) or 0
  next_path = (id * 7) % #paths
  host = wrk.host .. ":" .. wrk.port
end

function request()
  next_path = next_path % #paths + 1
  return "GET " .. paths[next_path] .. " HTTP/1.1\r\nHost: " .. host .. "\r\nUser-Agent: notesite-serve-load\r\n\r\n"
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if body and ((canary and body:find(canary, 1, true)) or body:find("root:x:0:0:", 1, true)) then
    leaks = leaks + 1
  end
end

function done(summary, latency, requests)
  local counts, leaked = {}, 0
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      counts[status] = (counts[status] or 0) + n
    end
    leaked = leaked + thread:get("leaks")
  end
  local codes = {}
  for status, _ in pairs(counts) do table.insert(codes, status) end
  table.sort(codes)
  local parts = {}
  for _, status in ipairs(codes) do table.insert(parts, status .. "=" .. counts[status]) end

  local e = summary.errors
  io.write(string.format("requests %d\n", summary.requests))
  io.write(string.format("seconds %.3f\n", summary.duration / 1e6))
  io.write(string.format("rps %.0f\n", summary.requests / (summary.duration / 1e6)))
  io.write(string.format("errors_connect %d\nerrors_read %d\nerrors_write %d\nerrors_timeout %d\nerrors_status %d\n",
    e.connect, e.read, e.write, e.timeout, e.status))
  io.write(string.format("p50_ms %.2f\np99_ms %.2f\nmax_ms %.2f\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("statuses %s\n", table.concat(parts, ",")))
  io.write(string.format("leaks %d\n", leaked))
end
