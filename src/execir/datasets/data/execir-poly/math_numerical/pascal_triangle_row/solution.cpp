#include <iostream>
#include <vector>

std::vector<long long> pascalRow(int n) {
    std::vector<long long> row{1};
    for (int k = 0; k < n; k++) {
        row.push_back(row[k] * (n - k) / (k + 1));
    }
    return row;
}

int main() {
    int n;
    while (std::cin >> n) {
        if (n < 0) {
            std::cout << "invalid\n";
            continue;
        }
        std::vector<long long> row = pascalRow(n);
        for (size_t i = 0; i < row.size(); i++) std::cout << (i ? " " : "") << row[i];
        std::cout << "\n";
    }
    return 0;
}
