#include <deque>
#include <iostream>
#include <vector>

int turnsUntilDone(const std::vector<int>& tickets, int k) {
    if (k < 0 || k >= (int)tickets.size()) return -1;
    std::deque<std::pair<int, int>> queue;
    for (int i = 0; i < (int)tickets.size(); i++) queue.push_back({i, tickets[i]});
    int time = 0;
    while (!queue.empty()) {
        auto [i, t] = queue.front();
        queue.pop_front();
        time++;
        if (t == 1) {
            if (i == k) return time;
        } else {
            queue.push_back({i, t - 1});
        }
    }
    return time;
}

int main() {
    int n, k;
    std::cin >> n >> k;
    std::vector<int> tickets(n);
    for (int i = 0; i < n; i++) std::cin >> tickets[i];
    int result = turnsUntilDone(tickets, k);
    if (result < 0) std::cout << "invalid\n";
    else std::cout << result << "\n";
    return 0;
}
