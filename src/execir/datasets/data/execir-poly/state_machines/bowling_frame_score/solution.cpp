#include <iostream>
#include <vector>

int bowlingScore(const std::vector<int>& rolls) {
    auto roll = [&](size_t i) { return i < rolls.size() ? rolls[i] : 0; };
    int total = 0;
    size_t i = 0;
    for (int frame = 0; frame < 10 && i < rolls.size(); frame++) {
        if (rolls[i] == 10) {
            total += 10 + roll(i + 1) + roll(i + 2);
            i += 1;
        } else if (roll(i) + roll(i + 1) == 10) {
            total += 10 + roll(i + 2);
            i += 2;
        } else {
            total += roll(i) + roll(i + 1);
            i += 2;
        }
    }
    return total;
}

int main() {
    std::vector<int> rolls;
    for (int r; std::cin >> r;) rolls.push_back(r);
    std::cout << bowlingScore(rolls) << "\n";
    return 0;
}
