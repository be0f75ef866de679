#include <iostream>
#include <sstream>
#include <string>
#include <vector>

int fewestCoins(const std::vector<int>& coins, int amount) {
    std::vector<int> best(amount + 1, -1);
    best[0] = 0;
    for (int total = 1; total <= amount; total++) {
        for (int coin : coins) {
            if (coin <= total && best[total - coin] >= 0) {
                int candidate = best[total - coin] + 1;
                if (best[total] < 0 || candidate < best[total]) best[total] = candidate;
            }
        }
    }
    return best[amount];
}

int main() {
    std::string line;
    std::getline(std::cin, line);
    std::istringstream first(line);
    std::vector<int> coins;
    for (int c; first >> c;) coins.push_back(c);
    int amount;
    while (std::cin >> amount) {
        int count = fewestCoins(coins, amount);
        if (count < 0) std::cout << "impossible\n";
        else std::cout << count << "\n";
    }
    return 0;
}
