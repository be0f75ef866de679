#include <algorithm>
#include <iostream>
#include <utility>
#include <vector>

using Interval = std::pair<int, int>;

std::vector<Interval> mergeIntervals(std::vector<Interval> intervals) {
    std::sort(intervals.begin(), intervals.end());
    std::vector<Interval> merged;
    for (const Interval& iv : intervals) {
        if (!merged.empty() && iv.first <= merged.back().second) {
            if (iv.second > merged.back().second) merged.back().second = iv.second;
        } else {
            merged.push_back(iv);
        }
    }
    return merged;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<Interval> intervals(n);
    for (Interval& iv : intervals) std::cin >> iv.first >> iv.second;
    for (const Interval& iv : mergeIntervals(intervals)) {
        std::cout << iv.first << " " << iv.second << "\n";
    }
    return 0;
}
