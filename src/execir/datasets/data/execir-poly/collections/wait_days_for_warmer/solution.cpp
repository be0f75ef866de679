#include <iostream>
#include <vector>

std::vector<int> daysUntilWarmer(const std::vector<int>& temps) {
    std::vector<int> result(temps.size(), 0);
    std::vector<int> waiting;
    for (int i = 0; i < (int)temps.size(); i++) {
        while (!waiting.empty() && temps[waiting.back()] < temps[i]) {
            result[waiting.back()] = i - waiting.back();
            waiting.pop_back();
        }
        waiting.push_back(i);
    }
    return result;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<int> temps(n);
    for (int i = 0; i < n; i++) std::cin >> temps[i];
    std::vector<int> result = daysUntilWarmer(temps);
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
