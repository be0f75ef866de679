#include <iostream>
#include <string>
#include <vector>

int main() {
    int q = 0;
    std::cin >> q;
    std::vector<long long> stack, mins;
    for (int i = 0; i < q; i++) {
        std::string op;
        std::cin >> op;
        if (op == "push") {
            long long value;
            std::cin >> value;
            stack.push_back(value);
            mins.push_back(mins.empty() || value < mins.back() ? value : mins.back());
        } else if (op == "pop") {
            if (!stack.empty()) {
                stack.pop_back();
                mins.pop_back();
            }
        } else if (mins.empty()) {
            std::cout << "empty\n";
        } else {
            std::cout << mins.back() << "\n";
        }
    }
    return 0;
}
