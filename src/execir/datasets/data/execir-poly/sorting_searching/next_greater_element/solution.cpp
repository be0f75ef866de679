#include <iostream>
#include <vector>

std::vector<int> nextGreater(const std::vector<int>& values) {
    std::vector<int> result(values.size(), -1);
    std::vector<int> waiting;
    for (int i = 0; i < (int)values.size(); i++) {
        while (!waiting.empty() && values[waiting.back()] < values[i]) {
            result[waiting.back()] = values[i];
            waiting.pop_back();
        }
        waiting.push_back(i);
    }
    return result;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<int> values(n);
    for (int& v : values) std::cin >> v;
    std::vector<int> result = nextGreater(values);
    for (int i = 0; i < n; i++) std::cout << (i ? " " : "") << result[i];
    std::cout << "\n";
    return 0;
}
