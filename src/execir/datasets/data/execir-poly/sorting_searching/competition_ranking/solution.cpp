#include <algorithm>
#include <iostream>
#include <numeric>
#include <vector>

std::vector<int> competitionRanks(const std::vector<int>& scores) {
    std::vector<int> order(scores.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return scores[a] > scores[b]; });
    std::vector<int> ranks(scores.size());
    for (size_t pos = 0; pos < order.size(); pos++) {
        int idx = order[pos];
        if (pos > 0 && scores[idx] == scores[order[pos - 1]]) ranks[idx] = ranks[order[pos - 1]];
        else ranks[idx] = (int)pos + 1;
    }
    return ranks;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> scores(n);
    for (int& s : scores) std::cin >> s;
    std::vector<int> ranks = competitionRanks(scores);
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << ranks[i];
    std::cout << "\n";
    return 0;
}
