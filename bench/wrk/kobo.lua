-- Kobo's workloads for wrk (issue 23): run by bench/wrk.py, which sets the environment.
--
-- wrk runs one Lua state per thread; bench/wrk.py starts one thread per connection
-- (-t N -c N), so each state below is one client: its own bench customer, its own bearer
-- token, and its own place in a multi-request flow (initiate, read the code, confirm).
--
-- Environment (set by bench/wrk.py):
--   KOBO_WRK_WORKLOAD  trivial | summary | history | history_all_time | name_inquiry |
--                      ledger | transfer | transfer_other_bank | vend | login | sign_in |
--                      journey | statement
--   KOBO_WRK_USERS     a file, one customer a line: token, e-mail, account, password (tabs)
--   KOBO_WRK_NONCE     makes the ledger workload's references unique to this run
--   KOBO_WRK_START, KOBO_WRK_END   the history page's dates (dd-mm-yyyy)
--
-- One-request workloads are measured by wrk itself (its latency histogram and error
-- counts). A flow is one operation made of several requests: its latency is timed here,
-- from its first request to the answer of its last, and a flow that ends wrong (a refused
-- code, a transfer that did not complete) counts as a failure beside wrk's own errors.
-- A flow's steps that have a `name` are also timed one by one (request to answer), and
-- reported as "steps" with their own p50 and p99: the morning rush's journey (issue 38) tells
-- which step of sign-in, dashboard, history and sign-out is slow.
-- The flows read one-time codes from the simulator's outbox (/sim/messages) as a tester
-- does; they run against a front (nginx, bench/wrk.py) that sends /sim/ to the simulator
-- and everything else to the BFF, because a wrk connection talks to one address.

local ffi = require("ffi")
ffi.cdef([[
  typedef struct { long tv_sec; long tv_nsec; } kobo_timespec;
  int clock_gettime(int clock_id, kobo_timespec *tp);
]])
local CLOCK_MONOTONIC = 1
local clock_buffer = ffi.new("kobo_timespec")

local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock_buffer)
  return tonumber(clock_buffer.tv_sec) * 1000 + tonumber(clock_buffer.tv_nsec) / 1e6
end

-- ------------------------------------------------------------------ setup and done (main)
local threads = {}
local FLOWS -- the multi-request workloads, below

function setup(thread)
  table.insert(threads, thread)
  thread:set("index", #threads)
end

local function json_string(text)
  return '"' .. text:gsub('[%c"\\]', function(c)
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

local function percentile(sorted, p)
  if #sorted == 0 then return nil end
  local rank = math.floor(#sorted * p / 100)
  if rank >= #sorted then rank = #sorted - 1 end
  return sorted[rank + 1]
end

local function number_or_null(value)
  if value == nil then return "null" end
  return string.format("%.3f", value)
end

function done(summary, latency, requests)
  local flow = os.getenv("KOBO_WRK_WORKLOAD")
  local ops, failures, samples, first_failures = 0, 0, {}, {}
  local by_step, step_order = {}, {}
  for _, thread in ipairs(threads) do
    local names, times = thread:get("step_names") or {}, thread:get("step_ms") or {}
    for i, name in ipairs(names) do
      local ms = times[i]
      if not by_step[name] then
        by_step[name] = {}
        table.insert(step_order, name)
      end
      table.insert(by_step[name], ms)
    end
    ops = ops + (thread:get("ops") or 0)
    failures = failures + (thread:get("failures") or 0)
    for _, ms in ipairs(thread:get("latencies") or {}) do table.insert(samples, ms) end
    local failure = thread:get("first_failure")
    if failure and #first_failures < 3 then table.insert(first_failures, json_string(failure)) end
  end
  local seconds = summary.duration / 1e6
  local e = summary.errors
  local step_figures = {}
  for _, name in ipairs(step_order) do
    local values = by_step[name]
    table.sort(values)
    table.insert(step_figures, string.format('{"step":%s,"count":%d,"p50_ms":%s,"p99_ms":%s}',
      json_string(name), #values, number_or_null(percentile(values, 50)),
      number_or_null(percentile(values, 99))))
  end
  local p50, p99
  if FLOWS[flow] then -- a flow: its own operations and latencies (none: none finished)
    table.sort(samples)
    p50, p99 = percentile(samples, 50), percentile(samples, 99)
  else -- one request per operation: wrk's own figures
    ops = summary.requests
    if ops > 0 then
      p50, p99 = latency:percentile(50) / 1000, latency:percentile(99) / 1000
    end
  end
  io.write(string.format(
    'KOBO-WRK {"workload":%s,"clients":%d,"seconds":%.3f,"operations":%d,"requests":%d,'
      .. '"throughput":%.3f,"p50_ms":%s,"p99_ms":%s,"connect_errors":%d,"read_errors":%d,'
      .. '"write_errors":%d,"non_2xx":%d,"timeouts":%d,"failures":%d,"first_failures":[%s],'
      .. '"steps":[%s]}\n',
    json_string(flow), tonumber(os.getenv("KOBO_WRK_CLIENTS")) or #threads, seconds, ops, summary.requests, ops / seconds,
    number_or_null(p50), number_or_null(p99), e.connect, e.read, e.write, e.status, e.timeout,
    failures, table.concat(first_failures, ","), table.concat(step_figures, ",")))
end

-- ------------------------------------------------------------------------ running (threads)
ops, failures, latencies, first_failure = 0, 0, {}, nil
-- For each named step answered, its name and time, in two flat lists (wrk copies a
-- thread's values to `done` one level deep: a list of pairs crashed it).
step_names, step_ms = {}, {}

local me, workload, auth, step, begun, seen_message, answer_body, pause_ms, step_sent
local steps = {}
local BODY_JSON = { ["Content-Type"] = "application/json" }
-- What a browser sends with every API call: the answers then cost their compression too.
local GZIP = { ["Accept-Encoding"] = "gzip" }
local GZIP_JSON = { ["Accept-Encoding"] = "gzip", ["Content-Type"] = "application/json" }

local function with_auth(extra)
  local headers = { Authorization = "Bearer " .. me.token }
  for k, v in pairs(extra or {}) do headers[k] = v end
  return headers
end

-- The session this journey opened (not the bench customer's standing token).
local function in_session(extra)
  local headers = { Authorization = "Bearer " .. me.session }
  for k, v in pairs(extra or {}) do headers[k] = v end
  return headers
end

local function read_users(path)
  local users = {}
  for line in io.lines(path) do
    local token, email, account, password = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t([^\t]*)$")
    if token then
      table.insert(users, { token = token, email = email, account = account, password = password })
    end
  end
  return users
end

-- A flow that went wrong starts again from its first step. `counted`: wrk has already
-- counted it (an answer of 400 or more), so it is not counted twice.
local function fail(why, counted)
  if not counted then failures = failures + 1 end
  first_failure = first_failure or why
  step, pause_ms = 1, 0
end

local function finish()
  ops = ops + 1
  table.insert(latencies, now_ms() - begun)
  step, pause_ms = 1, 0
end

-- The newest message after `seen_message` in a /sim/messages answer (newest first) that
-- `wanted` accepts: its id and body; nil if none yet.
local function newest_message(body, wanted)
  for id, rest in body:gmatch('{"id":(%d+),(.-)"attachments":(%b[])') do
    local number = tonumber(id)
    if number > seen_message then
      local text = rest:match('"body":"(.-)","createdAt"') or ""
      if wanted(text, rest) then return number, text end
    end
  end
  return nil
end

-- Only a code message (bff/auth/codes.py): a payment's alert, sent afterwards by the
-- outbox, may carry six digits too, and may arrive after the next transfer's code.
local function find_code(text)
  return text:match("code is (%d%d%d%d%d%d)%f[%D]")
end

-- The customer's newest messages (up to `limit`, 20 if not given), only those after the
-- message with id `after` if given: a poll need not fetch old statements' files again.
local function outbox_request(limit, after)
  local query = string.format("/sim/messages?limit=%d&recipient=%s", limit or 20, me.email)
  if after then query = query .. "&after=" .. after end
  return wrk.format("GET", query)
end

-- A step of a flow: a request and what to do with its answer (true: next step).
local function poll_for_code(then_step)
  return {
    -- Only what came after the last message this client saw (none yet: the newest 20).
    request = function() return outbox_request(20, seen_message > 0 and seen_message or nil) end,
    response = function(status, body)
      local id, text = newest_message(body, function(t) return find_code(t) ~= nil end)
      if id == nil then
        pause_ms = 10 -- not there yet: ask again shortly
        return false
      end
      seen_message, pause_ms = id, 0
      me.code = find_code(text)
      step = then_step
      return false
    end,
  }
end

-- The browser's device cookie (bff/devices), sent back as a browser does: a customer's
-- morning sign-in is from a phone Kobo knows. Only the first sign-in of each customer on a
-- connection meets Kobo as a new device (an alert, the 24-hour cap).
local function as_known_device(headers)
  if me.device == nil then return headers end
  local with_cookie = { Cookie = "kobo_device=" .. me.device }
  for k, v in pairs(headers) do with_cookie[k] = v end
  return with_cookie
end

local function keep_device_cookie(headers)
  local cookie = headers["set-cookie"] or headers["Set-Cookie"]
  local device = cookie and cookie:match("kobo_device=([^;]+)")
  if device then me.device = device end
end

-- Sign-in's two requests, shared by the login, sign_in and journey flows: the password step
-- (which starts the operation's clock) and the code step with the answer it kept.
local function sign_in_request()
  begun = now_ms()
  local body = string.format('{"email":"%s","password":"%s"}', me.email, me.password)
  return wrk.format("POST", "/auth/ibanking/personal/login", as_known_device(BODY_JSON), body)
end

local function keep_sign_in_answer(status, body)
  answer_body = body:match("^{(.*)}$")
  return answer_body ~= nil or fail("sign-in answered: " .. body:sub(1, 120))
end

local function code_request()
  local body = string.format('{%s,"otp":"%s"}', answer_body, me.code)
  return wrk.format(
    "POST", "/auth/ibanking/personal/otp-verification", as_known_device(BODY_JSON), body)
end

-- A payment as the web app makes it, one operation from its initiate to its confirm's
-- answer: the payee (or meter) is checked first, once per customer and again within 5
-- minutes (the check's signed reference lasts 10), not timed, as the screen does it before
-- the customer pays; then initiate, the code from the inbox, confirm. `p` gives each
-- request's path and body and the patterns its answers must match.
local function payment_flow(p)
  return {
    {
      request = function()
        if me.reference == nil or now_ms() - me.reference_at > 5 * 60 * 1000 then
          me.checking = true
          local path, body = p.check()
          return wrk.format("POST", path, with_auth(BODY_JSON), body)
        end
        me.checking, begun = false, now_ms()
        local path, body = p.initiate(me.reference)
        return wrk.format("POST", path, with_auth(BODY_JSON), body)
      end,
      response = function(status, body)
        if me.checking then
          me.reference, me.reference_at = body:match(p.checked), now_ms()
          if me.reference == nil then fail(p.name .. ", check: " .. body:sub(1, 120)) end
          return false -- the same step again: now the payment
        end
        me.payment_id = body:match(p.started)
        return me.payment_id ~= nil
          or fail(p.name .. ", initiate answered: " .. body:sub(1, 120))
      end,
    },
    poll_for_code(3),
    {
      request = function()
        local path, body = p.confirm(me.code, me.payment_id)
        return wrk.format("POST", path, with_auth(BODY_JSON), body)
      end,
      response = function(status, body)
        if body:find(p.done, 1, true) then finish()
        else fail(p.name .. ", confirm: " .. status .. " " .. body:sub(1, 120)) end
      end,
    },
  }
end

FLOWS = {
  transfer = payment_flow({
    name = "intra-bank transfer",
    check = function()
      return "/api/transfer/intrabank-name-inquiry", string.format('{"accountNumber":"%s"}',
        me.next_account)
    end,
    checked = '"nameInquiryReference":"([^"]+)"',
    initiate = function(reference)
      return "/api/transfer/intrabank", string.format(
        '{"sourceAccountNumber":"%s","destinationAccountNumber":"%s","amount":1,'
          .. '"description":"bench","nameInquiryReference":"%s"}',
        me.account, me.next_account, reference)
    end,
    started = '"id":"([^"]+)"',
    confirm = function(code, id)
      return "/api/transfer/intrabank/confirm", string.format('{"otp":"%s","id":"%s"}', code, id)
    end,
    done = '"status":"COMPLETED"',
  }),
  -- To another bank's customer whom the simulated switch always pays (000013: GTB).
  transfer_other_bank = payment_flow({
    name = "other-bank transfer",
    check = function()
      return "/api/transfer/name-inquiry",
        '{"accountNumber":"9000000014","bankCode":"000013"}'
    end,
    checked = '"nameInquiryReference":"([^"]+)"',
    initiate = function(reference)
      return "/api/transfer/other-banks", string.format(
        '{"sourceAccountNumber":"%s","destinationAccountNumber":"9000000014",'
          .. '"destinationBankCode":"000013","amount":1,"description":"bench",'
          .. '"nameInquiryReference":"%s"}', me.account, reference)
    end,
    started = '"id":"([^"]+)"',
    confirm = function(code, id)
      return "/api/transfer/other-banks/confirm",
        string.format('{"otp":"%s","id":"%s"}', code, id)
    end,
    done = '"status":"COMPLETED"',
  }),
  -- A prepaid electricity token for a seeded meter (the web app checks the meter first).
  vend = payment_flow({
    name = "electricity vend",
    check = function()
      return "/api/utility/providers/electricity/meter-info",
        '{"meterNumber":"45000000001","electricityProviderCode":"IKEDC","meterType":"PREPAID"}'
    end,
    checked = '"name":"([^"]+)"',
    initiate = function()
      return "/api/utility/providers/electricity/vend/initiate", string.format(
        '{"nuban":"%s","utilityProductType":"ELECTRICITY_BILL","amount":500,'
          .. '"electricityProviderCode":"IKEDC","electricityMeterNum":"45000000001",'
          .. '"meterType":"PREPAID"}', me.account)
    end,
    started = '"utilityVendingRequestId":"([^"]+)"',
    confirm = function(code, id)
      return "/api/utility/providers/electricity/vend/confirm",
        string.format('{"otp":"%s","utilityVendingRequestId":"%s"}', code, id)
    end,
    done = '"vendingToken":"',
  }),
  login = {
    {
      request = sign_in_request,
      response = keep_sign_in_answer,
    },
    poll_for_code(3),
    {
      request = code_request,
      response = function(status, body)
        if body:find('"accessToken"', 1, true) then finish()
        else fail("code step: " .. status .. " " .. body:sub(1, 120)) end
      end,
    },
  },
  -- The password step alone (POST sign-in: the password checked, a code sent).
  sign_in = {
    {
      name = "sign-in (password, code sent)",
      request = sign_in_request,
      response = function(status, body)
        if body:find('"userUUID"', 1, true) then finish()
        else fail("sign-in answered: " .. status .. " " .. body:sub(1, 120)) end
      end,
    },
  },
  -- The morning rush (issue 38): a customer signs in (password, then the code from the
  -- simulator's inbox), opens the dashboard and the first page of history as the web app
  -- asks for them, and signs out. Each customer is signed in on one connection at a time.
  journey = {
    {
      name = "sign-in (password, code sent)",
      request = sign_in_request,
      response = keep_sign_in_answer,
    },
    poll_for_code(3),
    {
      name = "code checked, session opened",
      request = code_request,
      response = function(status, body)
        me.session = body:match('"accessToken":"([^"]+)"')
        return me.session ~= nil or fail("code step: " .. status .. " " .. body:sub(1, 120))
      end,
    },
    {
      name = "dashboard (GET /api/client-summary)",
      request = function()
        return wrk.format("GET", "/api/client-summary", in_session(GZIP))
      end,
      response = function(status, body) return true end, -- 400 or more fails the flow
    },
    {
      name = "history, first page",
      request = function()
        local path = string.format(
          "/api/ibanking/personal/transactions?startDate=%s&endDate=%s&size=10",
          os.getenv("KOBO_WRK_START"), os.getenv("KOBO_WRK_END"))
        return wrk.format("GET", path, in_session(GZIP))
      end,
      response = function(status, body) return true end,
    },
    {
      name = "sign-out",
      request = function()
        return wrk.format("POST", "/auth/ibanking/personal/logout", in_session())
      end,
      response = function(status, body) finish() end,
    },
  },
  statement = {
    { -- the newest message before asking, to tell the statement's mail from older ones
      request = function()
        begun = now_ms()
        return outbox_request(1)
      end,
      response = function(status, body)
        seen_message = tonumber(body:match('^%[{"id":(%d+),') or "0")
        return true
      end,
    },
    {
      request = function()
        local body = string.format('{"nuban":"%s","startDate":"%s","endDate":"%s"}',
          me.account, os.getenv("KOBO_WRK_YEAR_AGO"), os.getenv("KOBO_WRK_END"))
        return wrk.format("POST", "/api/ibanking/personal/transactions/download",
          with_auth(BODY_JSON), body)
      end,
      response = function(status, body)
        return status < 300 or fail("statement request: " .. status .. " " .. body:sub(1, 120))
      end,
    },
    { -- only what came after it: earlier statements' files are not fetched again
      request = function() return outbox_request(20, seen_message) end,
      response = function(status, body)
        for number, attachments in body:gmatch('{"id":(%d+),.-"attachments":(%b[])') do
          if tonumber(number) > seen_message and attachments ~= "[]" then
            seen_message = tonumber(number)
            finish()
            return false
          end
        end
        pause_ms = 50 -- the file is being made: look again shortly
        return false
      end,
    },
  },
}

-- One request per operation: method, path, headers and body for a customer; nil for a flow.
function one_request(workload)
  if workload == "trivial" then
    return function() return "GET", "/health" end
  elseif workload == "summary" then
    return function() return "GET", "/api/client-summary", with_auth(GZIP) end
  elseif workload == "history" then
    local path = string.format(
      "/api/ibanking/personal/transactions?startDate=%s&endDate=%s&size=10",
      os.getenv("KOBO_WRK_START"), os.getenv("KOBO_WRK_END"))
    return function() return "GET", path, with_auth(GZIP) end
  elseif workload == "history_all_time" then
    return function()
      return "GET", "/api/ibanking/personal/transactions?size=10", with_auth(GZIP)
    end
  elseif workload == "name_inquiry" then
    return function()
      return "POST", "/api/transfer/name-inquiry", with_auth(GZIP_JSON),
        '{"accountNumber":"9000000014","bankCode":"000013"}'
    end
  end
  return nil
end

function init(args)
  workload = os.getenv("KOBO_WRK_WORKLOAD")
  local users = read_users(os.getenv("KOBO_WRK_USERS"))
  me = users[(index - 1) % #users + 1]
  me.next_account = users[index % #users + 1].account
  seen_message, step, pause_ms = 0, 1, 0
  local fixed = one_request(workload)
  if fixed then
    -- Built once, as plain wrk's request is: no Lua runs per request beyond taking the next
    -- prepared one, nothing is parsed or delayed, and wrk measures it. These run with as
    -- many threads as the machine has cores (bench/wrk.py), each thread's connections
    -- taking turns with its share of the customers: 64 threads for 64 connections made the
    -- load generator's own threads wait for a core, and that wait was counted as latency.
    local threads_running = tonumber(os.getenv("KOBO_WRK_THREADS"))
    local prepared = {}
    for i = index, #users, threads_running do
      me = users[i]
      local method, path, headers, body = fixed(me)
      table.insert(prepared, wrk.format(method, path, headers, body))
    end
    local turn = 0
    request = function()
      turn = turn % #prepared + 1
      return prepared[turn]
    end
    response, delay = nil, nil
    return
  end
  if workload == "ledger" then
    local nonce, sent = os.getenv("KOBO_WRK_NONCE"), 0
    request = function()
      sent = sent + 1
      local body = string.format(
        '{"reference":"bench-%s-%d-%d","debitAccount":"%s","creditAccount":"%s",'
          .. '"amountKobo":100,"narration":"bench"}', nonce, index, sent, me.account,
        me.next_account)
      return wrk.format("POST", "/core/transfers", BODY_JSON, body)
    end
    response = function(status, headers, body)
      if status >= 400 then
        fail("ledger transfer: " .. status .. " " .. body:sub(1, 120), true)
      elseif not body:find('"status":"SUCCESS"', 1, true) then
        fail("ledger transfer: " .. status .. " " .. body:sub(1, 120))
      end
    end
    delay = nil
    return
  end
  steps = FLOWS[workload]
  assert(steps, "unknown workload " .. tostring(workload))
  -- Ops are counted by the flow; a ledger run's ops are wrk's requests (see done).
  request = function()
    step_sent = now_ms()
    return steps[step].request()
  end
  response = function(status, headers, body)
    keep_device_cookie(headers)
    local name = steps[step].name
    if name then
      table.insert(step_names, name)
      table.insert(step_ms, now_ms() - step_sent)
    end
    if status >= 400 then
      fail(string.format("step %d answered %d: %s", step, status, body:sub(1, 120)), true)
      return
    end
    local current = step
    if steps[current].response(status, body) == true and step == current then
      step = current + 1
    end
  end
  delay = function() return pause_ms end
end
