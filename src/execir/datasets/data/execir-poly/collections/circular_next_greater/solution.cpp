#include <iostream>
#include <vector>

std::vector<long long> nextGreaterCircular(const std::vector<long long>& values) {
    size_t n = values.size();
    std::vector<long long> result(n, -1);
    std::vector<size_t> stack;
    for (size_t i = 0; i < 2 * n; i++) {
        long long value = values[i % n];
        while (!stack.empty() && values[stack.back()] < value) {
            result[stack.back()] = value;
            stack.pop_back();
        }
        if (i < n) stack.push_back(i);
    }
    return result;
}

int main() {
    int n = 0;
    std::cin >> n;
    std::vector<long long> values(n);
    for (int i = 0; i < n; i++) std::cin >> values[i];
    std::vector<long long> result = nextGreaterCircular(values);
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
