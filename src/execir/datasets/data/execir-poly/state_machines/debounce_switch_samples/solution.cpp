#include <iostream>
#include <vector>

std::vector<int> debounce(const std::vector<int>& samples, int initial, int stable) {
    int output = initial, candidate = initial, streak = 0;
    std::vector<int> levels;
    for (int s : samples) {
        if (s == output) {
            streak = 0;
        } else if (s == candidate) {
            streak++;
        } else {
            candidate = s;
            streak = 1;
        }
        if (streak >= stable) {
            output = s;
            streak = 0;
        }
        levels.push_back(output);
    }
    return levels;
}

int main() {
    int initial, stable;
    std::cin >> initial >> stable;
    std::vector<int> samples;
    for (int s; std::cin >> s;) samples.push_back(s);
    std::vector<int> levels = debounce(samples, initial, stable);
    for (size_t i = 0; i < levels.size(); i++) std::cout << (i ? " " : "") << levels[i];
    std::cout << "\n";
    return 0;
}
