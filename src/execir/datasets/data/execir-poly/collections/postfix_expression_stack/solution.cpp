#include <iostream>
#include <sstream>
#include <string>
#include <vector>

bool evaluate(const std::vector<std::string>& tokens, long long& result) {
    std::vector<long long> stack;
    for (const std::string& tok : tokens) {
        if (tok == "+" || tok == "-" || tok == "*" || tok == "/") {
            if (stack.size() < 2) return false;
            long long b = stack.back(); stack.pop_back();
            long long a = stack.back(); stack.pop_back();
            if (tok == "+") stack.push_back(a + b);
            else if (tok == "-") stack.push_back(a - b);
            else if (tok == "*") stack.push_back(a * b);
            else {
                if (b == 0) return false;
                stack.push_back(a / b);
            }
        } else {
            stack.push_back(std::stoll(tok));
        }
    }
    if (stack.size() != 1) return false;
    result = stack[0];
    return true;
}

int main() {
    std::string line, tok;
    std::getline(std::cin, line);
    std::istringstream in(line);
    std::vector<std::string> tokens;
    while (in >> tok) tokens.push_back(tok);
    long long result;
    if (evaluate(tokens, result)) std::cout << result << "\n";
    else std::cout << "error\n";
    return 0;
}
