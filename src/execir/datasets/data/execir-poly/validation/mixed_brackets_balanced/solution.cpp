#include <iostream>
#include <string>

bool balanced(const std::string& s) {
    const std::string openers = "([{", closers = ")]}";
    std::string stack;
    for (char ch : s) {
        if (openers.find(ch) != std::string::npos) {
            stack.push_back(ch);
        } else if (closers.find(ch) != std::string::npos) {
            char want = openers[closers.find(ch)];
            if (stack.empty() || stack.back() != want) return false;
            stack.pop_back();
        }
    }
    return stack.empty();
}

int main() {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty()) std::cout << (balanced(line) ? "balanced" : "unbalanced") << "\n";
    }
    return 0;
}
