#include <cstdlib>
#include <iostream>
#include <utility>
#include <vector>

std::pair<long long, int> totalTravel(int start, const std::vector<int>& requests, int lo, int hi) {
    int current = start;
    long long travelled = 0;
    for (int floor : requests) {
        if (floor < lo || floor > hi) continue;
        travelled += std::abs(floor - current);
        current = floor;
    }
    return {travelled, current};
}

int main() {
    int start, lo, hi;
    std::cin >> start >> lo >> hi;
    std::vector<int> requests;
    for (int f; std::cin >> f;) requests.push_back(f);
    std::pair<long long, int> result = totalTravel(start, requests, lo, hi);
    std::cout << result.first << "\n" << result.second << "\n";
    return 0;
}
