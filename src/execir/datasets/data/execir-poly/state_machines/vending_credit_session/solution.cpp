#include <array>
#include <iostream>
#include <vector>

std::array<int, 3> session(const std::vector<int>& coins, int price) {
    int credit = 0, items = 0, rejected = 0;
    for (int coin : coins) {
        if (coin != 5 && coin != 10 && coin != 25) {
            rejected += coin;
            continue;
        }
        credit += coin;
        if (credit >= price) {
            items++;
            credit -= price;
        }
    }
    return {items, credit, rejected};
}

int main() {
    int price;
    std::cin >> price;
    std::vector<int> coins;
    for (int coin; std::cin >> coin;) coins.push_back(coin);
    std::array<int, 3> r = session(coins, price);
    std::cout << r[0] << " " << r[1] << " " << r[2] << "\n";
    return 0;
}
