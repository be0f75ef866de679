#include <deque>
#include <iostream>
#include <vector>

std::vector<long long> windowMaximums(const std::vector<long long>& values, int k) {
    std::vector<long long> result;
    std::deque<int> window;
    for (int i = 0; i < (int)values.size(); i++) {
        while (!window.empty() && window.front() <= i - k) window.pop_front();
        while (!window.empty() && values[window.back()] <= values[i]) window.pop_back();
        window.push_back(i);
        if (i >= k - 1) result.push_back(values[window.front()]);
    }
    return result;
}

int main() {
    int n, k;
    std::cin >> n >> k;
    std::vector<long long> values(n);
    for (int i = 0; i < n; i++) std::cin >> values[i];
    if (k < 1 || k > n) {
        std::cout << "none\n";
        return 0;
    }
    std::vector<long long> result = windowMaximums(values, k);
    for (size_t i = 0; i < result.size(); i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
