#include <iostream>
#include <vector>

std::vector<int> eliminationOrder(int n, int step) {
    std::vector<int> order;
    if (n < 1 || step < 1) return order;
    std::vector<int> people;
    for (int i = 1; i <= n; i++) people.push_back(i);
    size_t index = 0;
    while (!people.empty()) {
        index = (index + step - 1) % people.size();
        order.push_back(people[index]);
        people.erase(people.begin() + index);
    }
    return order;
}

int main() {
    int n, step;
    std::cin >> n >> step;
    std::vector<int> order = eliminationOrder(n, step);
    if (order.empty()) std::cout << "none";
    for (size_t i = 0; i < order.size(); i++) std::cout << (i ? " " : "") << order[i];
    std::cout << "\n";
    return 0;
}
