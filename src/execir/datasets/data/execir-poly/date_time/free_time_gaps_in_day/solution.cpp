#include <algorithm>
#include <iostream>
#include <vector>

std::vector<std::pair<int, int>> freeGaps(std::vector<std::pair<int, int>> busy, int dayStart, int dayEnd,
                                          int minLength) {
    std::sort(busy.begin(), busy.end());
    std::vector<std::pair<int, int>> gaps;
    int cursor = dayStart;
    for (const auto& b : busy) {
        if (b.first - cursor >= minLength) gaps.push_back({cursor, b.first});
        cursor = std::max(cursor, b.second);
    }
    if (dayEnd - cursor >= minLength) gaps.push_back({cursor, dayEnd});
    return gaps;
}

int main() {
    int dayStart, dayEnd, minLength, n;
    std::cin >> dayStart >> dayEnd >> minLength >> n;
    std::vector<std::pair<int, int>> busy(n);
    for (auto& b : busy) std::cin >> b.first >> b.second;
    auto gaps = freeGaps(busy, dayStart, dayEnd, minLength);
    if (gaps.empty()) std::cout << "none\n";
    for (const auto& g : gaps) std::cout << g.first << " " << g.second << "\n";
    return 0;
}
