MOVES = {
  "pay" => { "created" => "paid" },
  "ship" => { "paid" => "shipped" },
  "deliver" => { "shipped" => "delivered" },
  "cancel" => { "created" => "cancelled", "paid" => "cancelled" }
}.freeze

def run_workflow(actions)
  status = "created"
  rejected = 0
  actions.each do |action|
    target = MOVES.fetch(action, {})[status]
    if target.nil?
      rejected += 1
    else
      status = target
    end
  end
  [status, rejected]
end

puts run_workflow($stdin.read.split).join(" ")
